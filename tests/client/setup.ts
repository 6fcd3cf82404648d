// @tarojs/taro must load before the router and test-utils, or a circular import leaves `history` undefined.
import '@tarojs/taro'
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import { createH5NativeComponentConfig } from '@tarojs/plugin-framework-react/dist/runtime'

// Registers React for useLoad/useDidShow/useRouter outside a full app mount.
createH5NativeComponentConfig(() => null, React, ReactDOM)
