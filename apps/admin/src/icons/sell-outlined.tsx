// Material Design icon (Google, Apache License 2.0) as @mui/icons-material 9.5 draws it; see README.md.
import { createSvgIcon } from '@mui/material/SvgIcon';

export const SellOutlinedIcon = createSvgIcon(
  <path d="m21.41 11.41-8.83-8.83c-.37-.37-.88-.58-1.41-.58H4c-1.1 0-2 .9-2 2v7.17c0 .53.21 1.04.59 1.41l8.83 8.83c.78.78 2.05.78 2.83 0l7.17-7.17c.78-.78.78-2.04-.01-2.83M12.83 20 4 11.17V4h7.17L20 12.83zM6.5 5C7.33 5 8 5.67 8 6.5S7.33 8 6.5 8 5 7.33 5 6.5 5.67 5 6.5 5" />,
  'SellOutlined',
);
