/**
 * The login form's values and messages without antd Form (decision 059). The values live in a ref as well
 * as in state, so they are current at once: what the user typed into the prerendered page before its code
 * ran is put in while the page comes alive, and a press of 登录 made meanwhile, replayed right after
 * (boot/login.tsx), reads it in the same task, before React has rendered it.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export type FieldName = 'username' | 'password' | 'phone' | 'captcha';
export type LoginValues = Partial<Record<FieldName, string>>;
type Errors = Partial<Record<FieldName, string>>;

/** A field's rules: required (with its message), and a pattern (with its message). */
export type FieldRules = Partial<Record<FieldName, { required: string; pattern?: [RegExp, string] }>>;

const check = (rules: FieldRules, name: FieldName, value = '') => {
  const rule = rules[name];
  if (!rule) return undefined;
  if (value === '') return rule.required;
  if (rule.pattern && !rule.pattern[0].test(value)) return rule.pattern[1];
  return undefined;
};

export const useLoginFields = (rules: FieldRules, typed?: LoginValues) => {
  const store = useRef<LoginValues>({});
  const [values, setValues] = useState<LoginValues>({});
  const [errors, setErrors] = useState<Errors>({});
  const rulesRef = useRef(rules);
  rulesRef.current = rules;

  const set = useCallback((patch: LoginValues) => {
    store.current = { ...store.current, ...patch };
    setValues(store.current);
  }, []);

  // Before any effect that could replay a press (layout effects run before the page's other effects).
  useLayoutEffect(() => {
    if (typed) set(typed);
  }, [typed, set]);

  /** Typing: the value, and its message checked again (antd Form checks on change too). */
  const change = useCallback(
    (name: FieldName, value: string) => {
      set({ [name]: value });
      const error = check(rulesRef.current, name, value);
      setErrors((all) => ({ ...all, [name]: error }));
    },
    [set],
  );

  /** Checks the named fields; shows their messages; their values, or undefined if one is wrong. */
  const validate = useCallback((names: FieldName[]) => {
    const found: Errors = {};
    for (const name of names) found[name] = check(rulesRef.current, name, store.current[name]);
    setErrors((all) => ({ ...all, ...found }));
    return names.some((name) => found[name]) ? undefined : { ...store.current };
  }, []);

  const setError = useCallback((name: FieldName, error: string) => {
    setErrors((all) => ({ ...all, [name]: error }));
  }, []);

  /** Clears fields (and their messages), as antd's resetFields. */
  const reset = useCallback(
    (names: FieldName[]) => {
      const cleared: LoginValues = {};
      for (const name of names) cleared[name] = undefined;
      set(cleared);
      setErrors((all) => ({ ...all, ...cleared }));
    },
    [set],
  );

  return { values, errors, change, validate, setError, reset };
};
