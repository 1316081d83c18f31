// Material Design icon (Google, Apache License 2.0) as @mui/icons-material 9.5 draws it; see README.md.
import { createSvgIcon } from '@mui/material/SvgIcon';

export const EventOutlinedIcon = createSvgIcon(
  <path d="M19 4h-1V2h-2v2H8V2H6v2H5c-1.11 0-1.99.9-1.99 2L3 20c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 16H5V10h14zm0-12H5V6h14zm-7 5h5v5h-5z" />,
  'EventOutlined',
);
