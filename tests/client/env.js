// Runs before any module loads: @tarojs/runtime must see the web platform to use jsdom's real document.
process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'

// The build replaces these macros; under jest they simply return their argument.
global.defineAppConfig = (config) => config
global.definePageConfig = (config) => config
