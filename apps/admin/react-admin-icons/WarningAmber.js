// Material Design icon (Google, Apache License 2.0) as @mui/icons-material 9.5 draws it; see README.md.
import { createSvgIcon } from '@mui/material/SvgIcon';
import { jsx } from 'react/jsx-runtime';

export default createSvgIcon(
  [
    jsx('path', { d: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22z' }, '0'),
    jsx('path', { d: 'M13 16h-2v2h2zm0-6h-2v5h2z' }, '1'),
  ],
  'WarningAmber',
);
