/** The few icons the shell needs, inline (no icon package in the bundle). Decorative: aria-hidden. */
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

export const MenuIcon = (props: SvgIconProps) => (
  <SvgIcon aria-hidden {...props}>
    <path d="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" />
  </SvgIcon>
);
export const AccountIcon = (props: SvgIconProps) => (
  <SvgIcon aria-hidden {...props}>
    <path d="M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4z" />
  </SvgIcon>
);
export const SchoolIcon = (props: SvgIconProps) => (
  <SvgIcon aria-hidden {...props}>
    <path d="M5 13.18v4L12 21l7-3.82v-4L12 17l-7-3.82zM12 3 1 9l11 6 9-4.91V17h2V9L12 3z" />
  </SvgIcon>
);
