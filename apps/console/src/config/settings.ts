/** Layout settings of spec §9 (Ant Design Pro's defaultSettings). */
export const layoutSettings = {
  navTheme: 'light',
  colorPrimary: '#1890ff',
  layout: 'mix',
  contentWidth: 'Fluid',
  fixedHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  siderWidth: 200,
  collapsedWidth: 80,
  title: '悦讯管理控制台',
  iconfontUrl: '',
} as const;

/** Breakpoints of spec §9, px. */
export const breakpoints = { xs: 575, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;

export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', " +
  "'Noto Sans CJK SC', 'Helvetica Neue', Helvetica, Arial, sans-serif";

/** antd theme of the whole console (login page included): primary colour of spec §9, Chinese font stack. */
export const consoleTheme = {
  token: { colorPrimary: layoutSettings.colorPrimary, fontFamily: FONT_FAMILY, borderRadius: 6 },
};
