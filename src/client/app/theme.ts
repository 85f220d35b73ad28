/**
 * The MUI theme: SPEC §9 display defaults live here (z-indexes) beside a calm palette whose text and
 * button colours meet WCAG AA contrast on their backgrounds.
 *
 * z-index (SPEC §9: overlay and menu 1000, modal and tooltip 1100):
 *   drawer (overlay panels, the Get Help panel, the phone navigation drawer) 1000
 *   menus and popovers                                                      1000
 *   modal (dialogs)                                                         1100
 *   tooltip                                                                 1100
 *   app bar sits just below the overlays; snackbars above everything so a toast is never hidden.
 * A menu is therefore drawn under an open dialog: dialogs in this product hold no menus.
 */
import { createTheme } from '@mui/material/styles';
import { Z_INDEX } from '../../common/constants';

export const zIndex = {
  mobileStepper: 900,
  fab: 950,
  speedDial: 950,
  appBar: 990,
  drawer: Z_INDEX.overlay,
  modal: Z_INDEX.modal,
  snackbar: 1200,
  tooltip: Z_INDEX.tooltip,
} as const;

/** The keyboard focus ring: deep blue, 8.6:1 on white. */
const FOCUS_RING = '#0d47a1';

export const theme = createTheme({
  palette: {
    mode: 'light',
    // Deep green on white: 7.9:1. White text on it passes AA for all sizes.
    primary: { main: '#1b5e20', light: '#4c8c4a', dark: '#003300', contrastText: '#ffffff' },
    // Deep blue: 8.6:1 on white.
    secondary: { main: '#0d47a1', contrastText: '#ffffff' },
    error: { main: '#b71c1c' },
    warning: { main: '#8a4b00' },
    info: { main: '#01579b' },
    success: { main: '#1b5e20' },
    background: { default: '#f6f8f5', paper: '#ffffff' },
    text: { primary: '#1c2321', secondary: '#4a5550' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 600 },
    h4: { fontSize: '1.75rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  zIndex,
  components: {
    MuiMenu: { styleOverrides: { root: { zIndex: Z_INDEX.menu } } },
    MuiPopover: { styleOverrides: { root: { zIndex: Z_INDEX.menu } } },
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      // ButtonBase removes the outline and shows keyboard focus as a faint tint only: every button,
      // tab, menu item and card action gets the same clear outline as links instead
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: '2px' } } },
    },
    // on the green app bar the ring is white (the blue one would not stand out from the green)
    // (one class more than ButtonBase's own rule, so it wins whatever order the styles come in)
    MuiAppBar: { styleOverrides: { root: { '& .MuiButtonBase-root.Mui-focusVisible, & :focus-visible': { outlineColor: '#ffffff' } } } },
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiCssBaseline: {
      styleOverrides: (t) => ({
        // Visible focus everywhere, keyboard users first.
        ':focus-visible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: '2px' },
        html: { scrollBehavior: 'auto' },
        // a plain link (content, a table's cell, a list of articles) in the theme's link colour, as
        // MUI's <Link> — never the browser's blue or visited purple (an element selector: every MUI
        // component rendered as an <a>, a button or a tab, keeps its own colour)
        a: { color: t.palette.primary.main },
      }),
    },
  },
});
