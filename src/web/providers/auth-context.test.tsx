// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useAuthContext } from './auth-context';

function Probe() {
  useAuthContext();
  return null;
}

describe('useAuthContext', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuthContext: Context must be used inside AuthProvider');
  });
});
