import { afterEach, describe, expect, it } from 'vitest';
import { NO_OVERRIDES, overridesFrom, setActiveAccessOverrides } from '../../domain/auth/access-overrides';
import { createAccessControlProvider } from './access-control-provider';

// The provider answers with the session's overrides over the defaults (decision 014): a revoked
// action hides its button, a granted one shows it, with no other change to the screens.

afterEach(() => setActiveAccessOverrides(NO_OVERRIDES));

const ask = (role: string, resource: string, action: string) => createAccessControlProvider(() => role).can({ resource, action });

describe('access-control provider', () => {
  it('follows the declarations by default', async () => {
    expect(await ask('sale', 'customers', 'edit')).toEqual({ can: true });
    expect(await ask('sale', 'customers', 'delete')).toMatchObject({ can: false });
  });

  it('follows the session’s overrides once they are set, and the defaults again once they go', async () => {
    setActiveAccessOverrides(
      overridesFrom([
        { role: 'sale', resource: 'customers', action: 'edit', allowed: false },
        { role: 'sale', resource: 'customers', action: 'delete', allowed: true },
      ]),
    );
    expect(await ask('sale', 'customers', 'edit')).toMatchObject({ can: false });
    expect(await ask('sale', 'customers', 'delete')).toEqual({ can: true });
    // Refine's clone is a create: untouched.
    expect(await ask('sale', 'customers', 'clone')).toEqual({ can: true });
    setActiveAccessOverrides(NO_OVERRIDES);
    expect(await ask('sale', 'customers', 'edit')).toEqual({ can: true });
  });
});
