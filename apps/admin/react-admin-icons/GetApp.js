// Material Design icon (Google, Apache License 2.0) as @mui/icons-material 9.5 draws it; see README.md.
import { createSvgIcon } from '@mui/material/SvgIcon';
import { jsx } from 'react/jsx-runtime';

export default createSvgIcon(jsx('path', { d: 'M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z' }), 'GetApp');
