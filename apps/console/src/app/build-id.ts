/**
 * The id of the running build. Only the entry chunk carries it (it changes with every deployment anyway):
 * read from anywhere else, the constant would give every chunk that shows it a new hash per deployment.
 */
export const recordBuildId = () => {
  document.documentElement.dataset.build = __BUILD_ID__;
};

export const runningBuildId = () => document.documentElement.dataset.build ?? '';
