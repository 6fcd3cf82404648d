/** Mini-programs have no server-drawn shell (see shell.h5.ts). */
export function dismissShellOnFirstPage(): void {}
