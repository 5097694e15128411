import { describe, expect, it } from 'vitest';
import { removalProblem } from './remove-organization-check.ts';

describe('organization removal confirmation (spec §5)', () => {
  const vat = { kind: 'vat', vatNumber: '509442013' } as const;
  const email = { kind: 'email', ownerEmail: 'Owner@Fluxo.example' } as const;

  it('by VAT number: empty, different, equal', () => {
    expect(removalProblem('', vat)).toBe('DIALOGS.REMOVE_ORGANIZATION.VAT_EMPTY');
    expect(removalProblem('   ', vat)).toBe('DIALOGS.REMOVE_ORGANIZATION.VAT_EMPTY');
    expect(removalProblem('509442014', vat)).toBe('DIALOGS.REMOVE_ORGANIZATION.VAT_INVALID');
    expect(removalProblem(' 509 442 013 ', vat)).toBeNull();
  });

  it("by the owner's e-mail: empty, not an e-mail, another e-mail, the owner's", () => {
    expect(removalProblem('', email)).toBe('DIALOGS.REMOVE_ORGANIZATION.EMAIL_EMPTY');
    expect(removalProblem('owner', email)).toBe('DIALOGS.REMOVE_ORGANIZATION.EMAIL_MISMATCH');
    expect(removalProblem('owner @fluxo.example', email)).toBe('DIALOGS.REMOVE_ORGANIZATION.EMAIL_MISMATCH');
    expect(removalProblem('other@fluxo.example', email)).toBe('DIALOGS.REMOVE_ORGANIZATION.EMAIL_MISMATCH');
    expect(removalProblem('owner@fluxo.example', email)).toBeNull();
  });
});
