/** The ILIKE pattern of "contains these words": `%`, `_` and `\` in them match only themselves. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
