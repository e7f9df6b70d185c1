/**
 * 强/中/弱 for the security tab, judged by zxcvbn-ts (how many guesses the password would take against
 * common passwords, names, keyboard walks, dates and the person's own details), not by its length alone.
 * Only the band is stored, when the password is set or changed.
 */
import type { PASSWORD_STRENGTHS } from '@yuexun/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

let estimator: ZxcvbnFactory | undefined;

/** score 4 (≥ 10¹⁰ guesses) 强, 3 (≥ 10⁸) 中, below 弱. userInputs: username, name, phone … */
export const passwordStrength = (password: string, userInputs: (string | null | undefined)[] = []) => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const inputs = userInputs.filter((v): v is string => typeof v === 'string' && v !== '');
  const { score } = estimator.check(password, inputs);
  const band: PasswordStrength = score >= 4 ? 'strong' : score === 3 ? 'medium' : 'weak';
  return band;
};
