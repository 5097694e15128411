import { allGrants, type Grants, PermissionFlag, planPriceCents, SubscriptionStatus } from '@fluxo/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  companies,
  organizationMembers,
  organizations,
  portfolioClients,
  subscriptions,
  users,
  userTwoFactor,
} from '../../db/schema.ts';
import { type Config, loadConfig } from '../../platform/config.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { notifyOverdueDocuments, type SigningKey } from '../billing/index.ts';
import { issuePayment } from '../payments/payments.service.ts';
import { deferDemoPosting, seedDemoAccounting } from './accounting-seed.ts';
import { seedDemoBilling } from './billing-seed.ts';
import { seedDemoReconciliation } from './reconciliation-seed.ts';
import { seedDemoTreasury } from './treasury-seed.ts';

export const DEMO_PASSWORD = 'fluxo-demo';

/** The demo accounts, listed in the README. */
export const DEMO_ACCOUNTS = {
  demo: 'demo@fluxo.example',
  accountant: 'accountant@fluxo.example',
  pos: 'pos@fluxo.example',
  cash: 'cash@fluxo.example',
  locked: 'locked@fluxo.example',
  /** Locked like locked@, for browser tests that pay and unlock (one per Playwright project). */
  locked1: 'locked1@fluxo.example',
  locked2: 'locked2@fluxo.example',
  /** Locked like locked@, for the browser test that pays by card (one per Playwright project). */
  locked3: 'locked3@fluxo.example',
  locked4: 'locked4@fluxo.example',
  /** Locked like locked@, for the browser test whose card payment is confirmed after the customer is back. */
  locked5: 'locked5@fluxo.example',
  locked6: 'locked6@fluxo.example',
  inactive: 'inactive@fluxo.example',
  trial: 'trial@fluxo.example',
  admin: 'admin@fluxo.example',
  aoOwner: 'ao.owner@fluxo.example',
  /** Owners without two-factor, for the browser test that turns it on and uses it (one per project). */
  twoFactor1: 'twofactor1@fluxo.example',
  twoFactor2: 'twofactor2@fluxo.example',
  /** Owners with two-factor on (DEMO_TWO_FACTOR_SECRET), for the test that requires it of members. */
  twoFactorOwner1: 'tfowner1@fluxo.example',
  twoFactorOwner2: 'tfowner2@fluxo.example',
  /** Members of tfowner1@'s and tfowner2@'s organizations, without two-factor. */
  twoFactorMember1: 'tfmember1@fluxo.example',
  twoFactorMember2: 'tfmember2@fluxo.example',
} as const;

/**
 * The authenticator secret of the demo owners with two-factor on (base32, 160 bits). Public like the
 * demo password: any TOTP app given it signs them in.
 */
export const DEMO_TWO_FACTOR_SECRET = 'FLUXODEMOTWOFACTORSECRETKEY23456';

interface UserSeed {
  email: string;
  name: string;
  profile: number;
  country?: string;
  language?: string;
  active?: boolean;
  vatNumber?: string;
  phone?: string;
  credits?: number;
}
interface OrgSeed {
  name: string;
  vatNumber: string;
  country: 'PT' | 'AO';
  city: string;
  postalCode: string;
  address: string;
  sectorCode: string;
  cloudCredit?: number;
}

/**
 * Seeds the demo accounts and their organizations once (skipped when demo@ exists). Runs in one
 * transaction, so a crash leaves nothing half-made. `treasury: false` leaves the demo companies without
 * accounts and movements (tests that count every movement of the demo organization); `accounting: false`
 * leaves their journal empty (tests that post their own ledger). With the app's
 * `signingKey`, the demo companies also get their invoicing: a year of documents signed with that key.
 */
export async function seedDemo(
  db: Db,
  log?: FastifyBaseLogger,
  billingConfig?: Config['billing'],
  options: { treasury?: boolean; accounting?: boolean; signingKey?: SigningKey } = {},
): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.demo));
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    await deferDemoPosting(tx);
    const addUser = async (seed: UserSeed) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: seed.email,
          name: seed.name,
          passwordHash,
          profile: seed.profile,
          country: seed.country ?? 'PT',
          language: seed.language ?? 'pt',
          currency: seed.country === 'AO' ? 'AOA' : 'EUR',
          confirmed: true,
          active: seed.active ?? true,
          vatNumber: seed.vatNumber ?? null,
          phone: seed.phone ?? null,
          credits: seed.credits ?? 0,
        })
        .returning({ id: users.id });
      return row!.id;
    };
    const addSubscription = async (
      ownerId: string,
      planName: string,
      status: number,
      isTrial = false,
    ): Promise<string> => {
      const start = new Date();
      const end = new Date(start.getTime() + (isTrial ? 14 : 365) * 86_400_000);
      const [row] = await tx
        .insert(subscriptions)
        .values({
          ownerId,
          planName,
          status,
          isTrial,
          startDate: start,
          endDate: end,
          billingInterval: isTrial ? 1 : 2,
        })
        .returning({ id: subscriptions.id });
      return row!.id;
    };
    const addOrg = async (seed: OrgSeed, ownerId: string, subscriptionId: string) => {
      const [row] = await tx
        .insert(organizations)
        .values({
          name: seed.name,
          vatNumber: seed.vatNumber,
          country: seed.country,
          currency: seed.country === 'AO' ? 'AOA' : 'EUR',
          city: seed.city,
          postalCode: seed.postalCode,
          address: seed.address,
          sectorCode: seed.sectorCode,
          subscriptionId,
          cloudCredit: seed.cloudCredit ?? 0,
        })
        .returning({ id: organizations.id });
      const id = row!.id;
      await tx
        .insert(organizationMembers)
        .values({ organizationId: id, userId: ownerId, role: 'owner', permissions: allGrants() });
      await tx
        .insert(companies)
        .values({
          country: seed.country,
          vatNumber: seed.vatNumber,
          name: seed.name,
          address: seed.address,
          postalCode: seed.postalCode,
          city: seed.city,
          sectorCode: seed.sectorCode,
        })
        .onConflictDoNothing();
      return id;
    };
    const addMember = (organizationId: string, userId: string, permissions: Grants) =>
      tx.insert(organizationMembers).values({ organizationId, userId, role: 'member', permissions });

    const demo = await addUser({
      email: DEMO_ACCOUNTS.demo,
      name: 'Ana Demo',
      profile: 2,
      vatNumber: '234567899',
      phone: '+351912345678',
      credits: 20,
    });
    const demoSubscription = await addSubscription(demo, 'premium', SubscriptionStatus.ACTIVE);
    const demoCompany = await addOrg(
      {
        name: 'Fluxo Demo, Lda',
        vatNumber: '508332150',
        country: 'PT',
        city: 'Lisboa',
        postalCode: '1250-096',
        address: 'Avenida da Liberdade 110',
        sectorCode: 'J',
        cloudCredit: 50,
      },
      demo,
      demoSubscription,
    );
    await tx.update(users).set({ defaultOrganizationId: demoCompany }).where(eq(users.id, demo));

    const aoOwner = await addUser({
      email: DEMO_ACCOUNTS.aoOwner,
      name: 'Paulo Kiala',
      profile: 2,
      country: 'AO',
    });
    const aoCompany = await addOrg(
      {
        name: 'Kwanza Comércio, Lda',
        vatNumber: '5417012345',
        country: 'AO',
        city: 'Luanda',
        postalCode: '',
        address: 'Rua Rainha Ginga 29',
        sectorCode: 'G',
        cloudCredit: 10,
      },
      aoOwner,
      await addSubscription(aoOwner, 'expand', SubscriptionStatus.ACTIVE),
    );
    await addMember(aoCompany, demo, allGrants());
    if (options.treasury !== false) {
      // 18 months of bank, cash and card-terminal movements for the PT company, 4 of kwanza for the AO one.
      await seedDemoTreasury(tx, {
        pt: { organizationId: demoCompany, country: 'PT', createdBy: demo },
        ao: { organizationId: aoCompany, country: 'AO', createdBy: aoOwner },
      });
    }
    if (options.signingKey) {
      // Customers, products, a year of signed documents, the payments that match the bank's movements,
      // supplier invoices and recurring contracts (PT); a few documents in kwanza (AO).
      await seedDemoBilling(tx, options.signingKey, {
        pt: { organizationId: demoCompany, country: 'PT', createdBy: demo },
        ao: { organizationId: aoCompany, country: 'AO', createdBy: aoOwner },
      });
      // The PT bank mostly reconciled, leaving the last three weeks in the reconciliation queue.
      await seedDemoReconciliation(tx, { organizationId: demoCompany, createdBy: demo });
      // The daily overdue check, once: the bell shows the documents the demo's customers have not paid.
      await notifyOverdueDocuments(tx, new Date());
      // Nobody has a tab open yet: the bell reads the notifications when it opens, so the seed leaves no
      // REFRESH_NOTIFICATIONS waiting in the outbox (the real-time suites expect an empty one).
      await tx.execute(sql`DELETE FROM realtime_messages WHERE type = 'REFRESH_NOTIFICATIONS'`);
    }
    if (options.accounting !== false)
      await seedDemoAccounting(tx, {
        pt: { organizationId: demoCompany },
        ao: { organizationId: aoCompany },
      });

    const accountant = await addUser({
      email: DEMO_ACCOUNTS.accountant,
      name: 'Rui Contabilista',
      profile: 4,
      credits: 40,
    });
    const accountantSubscription = await addSubscription(
      accountant,
      'premium_founder',
      SubscriptionStatus.ACTIVE,
    );
    const firm = await addOrg(
      {
        name: 'Contas Certas — Contabilidade, Lda',
        vatNumber: '510123457',
        country: 'PT',
        city: 'Porto',
        postalCode: '4000-322',
        address: 'Rua de Santa Catarina 250',
        sectorCode: 'M',
        cloudCredit: 100,
      },
      accountant,
      accountantSubscription,
    );
    const clients: OrgSeed[] = [
      {
        name: 'Padaria Central, Lda',
        vatNumber: '509777112',
        country: 'PT',
        city: 'Braga',
        postalCode: '4700-321',
        address: 'Rua do Souto 12',
        sectorCode: 'C',
      },
      {
        name: 'Oficina Lopes & Filhos, Lda',
        vatNumber: '515888109',
        country: 'PT',
        city: 'Coimbra',
        postalCode: '3000-150',
        address: 'Avenida Fernão de Magalhães 400',
        sectorCode: 'G',
      },
      {
        name: 'Quinta do Vale, Unipessoal Lda',
        vatNumber: '506123421',
        country: 'PT',
        city: 'Funchal',
        postalCode: '9000-060',
        address: 'Rua da Carreira 77',
        sectorCode: 'A',
      },
    ];
    for (const client of clients) {
      const id = await addOrg(client, accountant, accountantSubscription);
      await tx.insert(portfolioClients).values({ portfolioOrganizationId: firm, clientOrganizationId: id });
    }
    await tx.update(users).set({ defaultOrganizationId: firm }).where(eq(users.id, accountant));

    const pos = await addUser({ email: DEMO_ACCOUNTS.pos, name: 'Pedro Caixa', profile: 2 });
    await addMember(demoCompany, pos, { 'treasury.pos': PermissionFlag.VIEW });
    const cash = await addUser({ email: DEMO_ACCOUNTS.cash, name: 'Carla Tesouraria', profile: 2 });
    await addMember(demoCompany, cash, { 'treasury.cash': PermissionFlag.VIEW });

    // Locked accounts: an essential subscription locked because its yearly invoice is overdue (past the
    // grace period), so paying that invoice unlocks it.
    const billing = { ...(billingConfig ?? loadConfig().billing), stripeKey: '' };
    const lockedAccounts = [
      {
        email: DEMO_ACCOUNTS.locked,
        name: 'Luís Bloqueado',
        org: 'Empresa Bloqueada, Lda',
        nif: '517000016',
      },
      { email: DEMO_ACCOUNTS.locked1, name: 'Lara Bloqueada', org: 'Bloqueada Um, Lda', nif: '517000024' },
      { email: DEMO_ACCOUNTS.locked2, name: 'Lucas Bloqueado', org: 'Bloqueada Dois, Lda', nif: '517000032' },
      { email: DEMO_ACCOUNTS.locked3, name: 'Lia Bloqueada', org: 'Bloqueada Três, Lda', nif: '517000040' },
      { email: DEMO_ACCOUNTS.locked4, name: 'Leo Bloqueado', org: 'Bloqueada Quatro, Lda', nif: '517000059' },
      { email: DEMO_ACCOUNTS.locked5, name: 'Lina Bloqueada', org: 'Bloqueada Cinco, Lda', nif: '517000067' },
      { email: DEMO_ACCOUNTS.locked6, name: 'Lino Bloqueado', org: 'Bloqueada Seis, Lda', nif: '517000075' },
    ];
    for (const account of lockedAccounts) {
      const owner = await addUser({ email: account.email, name: account.name, profile: 2 });
      const subscriptionId = await addSubscription(owner, 'essential', SubscriptionStatus.LOCKED);
      await addOrg(
        {
          name: account.org,
          vatNumber: account.nif,
          country: 'PT',
          city: 'Faro',
          postalCode: '8000-138',
          address: 'Rua de Santo António 5',
          sectorCode: 'I',
        },
        owner,
        subscriptionId,
      );
      const due = new Date(Date.now() - (billing.graceDays + 5) * 86_400_000);
      await issuePayment(tx, billing, {
        subscriptionId,
        ownerId: owner,
        purpose: 'subscription',
        description: 'Plan essential, yearly',
        amountCents: planPriceCents('essential', 2) ?? 0,
        dueDate: due,
        periodStart: due,
        periodEnd: new Date(due.getTime() + 365 * 86_400_000),
      });
    }

    await addUser({ email: DEMO_ACCOUNTS.inactive, name: 'Inês Inativa', profile: 2, active: false });

    const trial = await addUser({ email: DEMO_ACCOUNTS.trial, name: 'Tiago Teste', profile: 2 });
    await addOrg(
      {
        name: 'Startup em Teste, Lda',
        vatNumber: '518999904',
        country: 'PT',
        city: 'Aveiro',
        postalCode: '3810-200',
        address: 'Rua João Mendonça 8',
        sectorCode: 'J',
      },
      trial,
      await addSubscription(trial, 'essential', SubscriptionStatus.ACTIVE, true),
    );

    await addUser({ email: DEMO_ACCOUNTS.admin, name: 'Administração Fluxo', profile: 0, language: 'gb' });

    // Two-factor sign-in: owners who turn it on themselves, and owners who have it and may require it
    // of their members (spare accounts for the browser tests, one per Playwright project).
    const twoFactorOrg = (name: string, vatNumber: string): OrgSeed => ({
      name,
      vatNumber,
      country: 'PT',
      city: 'Coimbra',
      postalCode: '3000-214',
      address: 'Rua Ferreira Borges 10',
      sectorCode: 'M',
    });
    const twoFactorAccounts = [
      [DEMO_ACCOUNTS.twoFactor1, 'Tomás Dois Fatores', 'Dois Fatores Um, Lda', '517000083'],
      [DEMO_ACCOUNTS.twoFactor2, 'Teresa Dois Fatores', 'Dois Fatores Dois, Lda', '517000091'],
    ] as const;
    for (const [email, name, org, nif] of twoFactorAccounts) {
      const owner = await addUser({ email, name, profile: 2, language: 'gb' });
      await addOrg(
        twoFactorOrg(org, nif),
        owner,
        await addSubscription(owner, 'premium', SubscriptionStatus.ACTIVE),
      );
    }
    const requiringOwners = [
      [DEMO_ACCOUNTS.twoFactorOwner1, DEMO_ACCOUNTS.twoFactorMember1, 'Segura Um, Lda', '517000105'],
      [DEMO_ACCOUNTS.twoFactorOwner2, DEMO_ACCOUNTS.twoFactorMember2, 'Segura Dois, Lda', '517000113'],
    ] as const;
    for (const [ownerEmail, memberEmail, org, nif] of requiringOwners) {
      const owner = await addUser({ email: ownerEmail, name: 'Olga Segura', profile: 2, language: 'gb' });
      await tx
        .insert(userTwoFactor)
        .values({ userId: owner, secret: DEMO_TWO_FACTOR_SECRET, enabledAt: new Date() });
      const orgId = await addOrg(
        twoFactorOrg(org, nif),
        owner,
        await addSubscription(owner, 'premium', SubscriptionStatus.ACTIVE),
      );
      const member = await addUser({ email: memberEmail, name: 'Mário Membro', profile: 2, language: 'gb' });
      await addMember(orgId, member, allGrants());
    }
  });
  log?.info('demo data seeded (password: fluxo-demo)');
  return true;
}
