/** [S9.06] overlay and menu z-index 1000, modal and tooltip 1100. */
import { theme } from '../../../../src/client/app/theme';

describe('[S9.06] theme z-index', () => {
  it('puts modal and tooltip at 1100 and overlays (drawer) at 1000', () => {
    expect(theme.zIndex.modal).toBe(1100);
    expect(theme.zIndex.tooltip).toBe(1100);
    expect(theme.zIndex.drawer).toBe(1000);
    expect(theme.zIndex.appBar).toBeLessThan(1000);
  });

  it('puts menus and popovers at 1000', () => {
    const menuRoot = theme.components?.MuiMenu?.styleOverrides?.root as { zIndex: number };
    const popoverRoot = theme.components?.MuiPopover?.styleOverrides?.root as { zIndex: number };
    expect(menuRoot.zIndex).toBe(1000);
    expect(popoverRoot.zIndex).toBe(1000);
  });
});

describe('links', () => {
  it("gives a plain <a> (content, lists of articles) the theme's link colour, not the browser's blue", () => {
    const overrides = theme.components?.MuiCssBaseline?.styleOverrides as (t: typeof theme) => Record<string, { color?: string }>;
    expect(overrides(theme).a).toEqual({ color: theme.palette.primary.main });
  });
});
