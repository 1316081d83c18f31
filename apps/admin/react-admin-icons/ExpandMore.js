// Material Design icon (Google, Apache License 2.0) as @mui/icons-material 9.5 draws it; see README.md.
import { createSvgIcon } from '@mui/material/SvgIcon';
import { jsx } from 'react/jsx-runtime';

export default createSvgIcon(jsx('path', { d: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z' }), 'ExpandMore');
