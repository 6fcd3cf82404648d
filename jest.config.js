// `npm test` runs both halves; `jest --selectProjects server` runs one.
module.exports = {
  projects: ['<rootDir>/tests/client/jest.config.js', '<rootDir>/tests/server/jest.config.js'],
}
