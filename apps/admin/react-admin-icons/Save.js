// Material Design icon (Google, Apache License 2.0) as @mui/icons-material 9.5 draws it; see README.md.
import { createSvgIcon } from '@mui/material/SvgIcon';
import { jsx } from 'react/jsx-runtime';

export default createSvgIcon(
  jsx('path', {
    d: 'M17 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V7zm-5 16c-1.66 0-3-1.34-3-3s1.34-3 3-3 3 1.34 3 3-1.34 3-3 3m3-10H5V5h10z',
  }),
  'Save',
);
