import { describe, expect, it } from 'vitest';
import { destinationAfterLogin } from './login-navigation';

describe('destinationAfterLogin', () => {
  it('returns to the protected path that redirected to /login', () => {
    expect(destinationAfterLogin('/conversations/42')).toBe('/conversations/42');
  });

  it('goes to the dashboard without an origin, or when the origin is /login itself', () => {
    expect(destinationAfterLogin(undefined)).toBe('/dashboard');
    expect(destinationAfterLogin('')).toBe('/dashboard');
    expect(destinationAfterLogin('/login')).toBe('/dashboard');
  });
});
