/**
 * 强/中/弱 for the security tab, judged by zxcvbn-ts (how many guesses the password would take against
 * common passwords, names, keyboard walks, dates and the person's own details), not by its length alone.
 * Only the band is stored, when the password is set or changed. zxcvbn and its dictionaries (about 14 MB
 * resident) load on the first password set, not at start: most days nobody sets one.
 */
import type { PASSWORD_STRENGTHS } from '@yuexun/contract';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

let estimator: ZxcvbnFactory | undefined;

/** score 4 (≥ 10¹⁰ guesses) 强, 3 (≥ 10⁸) 中, below 弱. userInputs: username, name, phone … */
export const passwordStrength = async (password: string, userInputs: (string | null | undefined)[] = []) => {
  if (!estimator) {
    const [{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  }
  const inputs = userInputs.filter((v): v is string => typeof v === 'string' && v !== '');
  const { score } = estimator.check(password, inputs);
  const band: PasswordStrength = score >= 4 ? 'strong' : score === 3 ? 'medium' : 'weak';
  return band;
};
