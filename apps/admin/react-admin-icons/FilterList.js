// Material Design icon (Google, Apache License 2.0) as @mui/icons-material 9.5 draws it; see README.md.
import { createSvgIcon } from '@mui/material/SvgIcon';
import { jsx } from 'react/jsx-runtime';

export default createSvgIcon(jsx('path', { d: 'M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z' }), 'FilterList');
