// The React adapter's runtime ships no types; these are the two functions the test harness calls.
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  export function createReactApp(app: unknown, react: unknown, dom: unknown, config: unknown): unknown
  export function createH5NativeComponentConfig(component: unknown, react: unknown, dom: unknown): unknown
}
