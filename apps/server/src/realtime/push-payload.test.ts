import type { RealtimeMessage } from '@fluxo/domain';
import { describe, expect, it } from 'vitest';
import { pushPayload, vapidSubject } from './push.ts';

describe('web push payload', () => {
  it('is the message envelope without the QR image', () => {
    const message = {
      messageId: 'm-1',
      type: 'CONNECTION_STATUS_CHANGED',
      createdAt: '2026-01-01T00:00:00.000Z',
      data: {
        Status: 'waiting_authentication',
        AuthType: 'qrcode',
        ExtraData: {
          ConnectionName: 'Conta',
          InstitutionName: 'Fluxo Sandbox Bank',
          InstitutionCountry: 'PT',
          InstitutionCode: 'FLUXO_SANDBOX',
          ConnectionId: 'c-1',
          Timeout: 120,
          ExtraData: { QrCode: `data:image/png;base64,${'A'.repeat(5_000)}` },
        },
      },
    } as RealtimeMessage;
    const payload = JSON.parse(pushPayload(message));
    expect(payload).toMatchObject({ messageId: 'm-1', type: 'CONNECTION_STATUS_CHANGED' });
    expect(payload.data.ExtraData.InstitutionName).toBe('Fluxo Sandbox Bank');
    expect(payload.data.ExtraData.ExtraData).toEqual({});
  });

  it('falls back to the bare envelope when the data is too large for a push', () => {
    const message = {
      messageId: 'm-2',
      type: 'BILLING_DOCUMENT_CREATED',
      createdAt: '2026-01-01T00:00:00.000Z',
      data: { DocumentId: 'd'.repeat(200), Number: 'n'.repeat(5_000) },
    } as unknown as RealtimeMessage;
    expect(JSON.parse(pushPayload(message))).toEqual({
      messageId: 'm-2',
      type: 'BILLING_DOCUMENT_CREATED',
      data: {},
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('takes the VAPID contact from MAIL_FROM', () => {
    expect(vapidSubject('Fluxo <no-reply@fluxo.example>')).toBe('mailto:no-reply@fluxo.example');
    expect(vapidSubject('ops@fluxo.example')).toBe('mailto:ops@fluxo.example');
  });
});
