import type { ReactNode } from 'react';

/**
 * Short phrases on one line of small print ("Created 12 March 2026 · Not used yet"), each kept
 * whole: a phrase that does not fit moves to the next line as one piece rather than breaking
 * inside ("Not used / yet"), and only a phrase wider than the whole line wraps within itself.
 */
export function Phrases({ children }: { children: ReactNode[] }) {
  const parts = children.filter((part) => part !== null && part !== false && part !== undefined);
  return parts.map((part, index) => (
    <span key={index}>
      <span style={{ display: 'inline-block' }}>{part}</span>
      {index < parts.length - 1 && ' · '}
    </span>
  ));
}
