import { useCallback, useEffect, useState } from 'react';

/** Seconds left before another SMS code may be asked for (60 s, "{n} 秒后重新获取"). */
export const useCountdown = () => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, start };
};
