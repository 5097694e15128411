import { describe, expect, it } from 'vitest';
import {
  compact,
  nameSimilarity,
  numberKey,
  REASON_POINTS,
  type ScoredCandidate,
  type ScoredMovement,
  scoreCandidate,
  worthSuggesting,
} from './scoring.ts';

const movement = (extra: Partial<ScoredMovement> = {}): ScoredMovement => ({
  amount: 12_300,
  open: 12_300,
  bookingDate: '2026-03-15',
  description: 'TRF',
  remittanceInfo: null,
  counterpartyName: null,
  counterpartyIban: null,
  endToEndId: null,
  ...extra,
});

const candidate = (extra: Partial<ScoredCandidate> = {}): ScoredCandidate => ({
  kind: 'document',
  open: 99_999,
  number: 'FT A2026/17',
  atcud: 'AAJFJ2K6-17',
  date: '2025-01-01',
  dueDate: '2025-01-31',
  mbReference: null,
  partyName: 'Padaria Lusitana, Lda',
  partyTaxId: '509999990',
  partyIban: 'PT50000201231234567890154',
  ruleId: null,
  pastMatches: 0,
  ...extra,
});

const codes = (m: ScoredMovement, c: ScoredCandidate) => scoreCandidate(m, c).reasons.map((r) => r.code);

describe('each reason, alone', () => {
  it('nothing in common: no reason, score 0, not worth suggesting', () => {
    const { score, reasons } = scoreCandidate(movement(), candidate());
    expect(reasons).toEqual([]);
    expect(score).toBe(0);
    expect(worthSuggesting(reasons)).toBe(false);
  });

  it('exact amount', () => {
    expect(codes(movement(), candidate({ open: 12_300 }))).toEqual(['exact_amount']);
  });

  it('near amount: within 2 % or 1.00, with the difference', () => {
    const { reasons } = scoreCandidate(movement(), candidate({ open: 12_350 }));
    expect(reasons).toEqual([{ code: 'near_amount', points: REASON_POINTS.near_amount, detail: '-50' }]);
    expect(codes(movement({ open: 100_000 }), candidate({ open: 101_900 }))).toEqual(['near_amount']);
    expect(codes(movement({ open: 100_000 }), candidate({ open: 102_100 }))).toEqual([]);
  });

  it('date window: ten days before to thirty after the due date', () => {
    expect(codes(movement(), candidate({ dueDate: '2026-03-20' }))).toEqual(['due_date_window']);
    expect(codes(movement(), candidate({ dueDate: '2026-02-14' }))).toEqual(['due_date_window']);
    expect(codes(movement(), candidate({ dueDate: '2026-03-26' }))).toEqual([]);
    expect(codes(movement(), candidate({ dueDate: '2026-02-12' }))).toEqual([]);
    // Without a due date, the document's date.
    expect(codes(movement(), candidate({ dueDate: null, date: '2026-03-01' }))).toEqual(['due_date_window']);
  });

  it('Multibanco reference, spaced as banks print it', () => {
    expect(
      codes(movement({ description: 'PAG MB REF 123 456 789' }), candidate({ mbReference: '123456789' })),
    ).toEqual(['multibanco_reference']);
  });

  it('document number in the remittance text, with or without the type and spaces', () => {
    expect(codes(movement({ remittanceInfo: 'Pagamento FT A2026/17' }), candidate())).toEqual([
      'document_number',
    ]);
    expect(codes(movement({ remittanceInfo: 'fatura a2026/17 obrigado' }), candidate())).toEqual([
      'document_number',
    ]);
    // A longer number that starts the same is another document.
    expect(codes(movement({ remittanceInfo: 'A2026/171' }), candidate({ number: 'FT A2026/17' }))).toEqual(
      [],
    );
  });

  it('ATCUD in the text', () => {
    expect(codes(movement({ description: 'TRF AAJFJ2K6-17' }), candidate({ number: 'FT X/1' }))).toEqual([
      'atcud',
    ]);
  });

  it('SEPA EndToEndId carrying the document number', () => {
    expect(codes(movement({ endToEndId: 'E2E-A2026/17-0001' }), candidate())).toEqual(['end_to_end_id']);
  });

  it('counterparty IBAN, however it is spaced', () => {
    expect(codes(movement({ counterpartyIban: 'PT50 0002 0123 1234 5678 9015 4' }), candidate())).toEqual([
      'counterparty_iban',
    ]);
  });

  it('NIF in the text', () => {
    expect(codes(movement({ remittanceInfo: 'NIF 509999990' }), candidate())).toEqual(['tax_id']);
  });

  it('name similarity, legal forms and accents aside', () => {
    expect(codes(movement({ counterpartyName: 'PADARIA LUSITANA' }), candidate())).toEqual([
      'name_similarity',
    ]);
    expect(nameSimilarity('Padaria Lusitana Lda', 'PADARIA LUSITANA, S.A.')).toBe(1);
    expect(nameSimilarity('Café Central', 'Cafe Central Unipessoal')).toBe(1);
    expect(nameSimilarity('Talho Moderno', 'Padaria Lusitana')).toBe(0);
  });

  it('past behaviour', () => {
    const { reasons } = scoreCandidate(movement(), candidate({ pastMatches: 3 }));
    expect(reasons).toEqual([{ code: 'past_behaviour', points: REASON_POINTS.past_behaviour, detail: '3' }]);
  });

  it('rule', () => {
    expect(codes(movement(), candidate({ ruleId: 'r1' }))).toEqual(['rule']);
  });
});

describe('ranking', () => {
  it('the document the remittance names beats another of the same amount, and the score is capped at 100', () => {
    const m = movement({
      remittanceInfo: 'FT A2026/17 AAJFJ2K6-17',
      counterpartyIban: 'PT50000201231234567890154',
      counterpartyName: 'Padaria Lusitana',
      bookingDate: '2025-02-05',
    });
    const named = scoreCandidate(m, candidate({ open: 12_300 }));
    const other = scoreCandidate(m, candidate({ open: 12_300, number: 'FT A2026/18', atcud: 'AAJFJ2K6-18' }));
    expect(named.score).toBe(100);
    expect(other.score).toBeLessThan(named.score);
    // Reasons come most telling first.
    expect(named.reasons.map((r) => r.points)).toEqual(
      [...named.reasons.map((r) => r.points)].sort((a, b) => b - a),
    );
  });

  it('normalises text and document numbers', () => {
    expect(compact('Fátura A 12/3, AB-1')).toBe('FATURAA12/3|AB|1');
    expect(numberKey('FT A2026/17')).toBe('A2026/17');
    expect(numberKey('123')).toBe('123');
  });
});
