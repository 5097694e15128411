import { addonDefinition } from '@fluxo/domain/addons/catalogue';
import type { AddonCost, PurchaseReceipt } from '@fluxo/domain/addons/contracts';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../components/api-error-message.tsx';
import { ApiError } from '../../../lib/api/errors.ts';
import { useSelectedOrganizationId, useSession } from '../../../lib/auth/session.ts';
import { organizationsKeys } from '../../organizations/api/get-organizations.ts';
import { subscriptionKeys, useSubscription } from '../../subscriptions/api/get-subscription.ts';
import { openContactModal } from '../../support/open-contact-modal.tsx';
import { decideAddonFlow } from '../addon-flow.ts';
import { addonName } from '../addon-names.ts';
import { type AddonOrder, buyAddon, buyAddonOnTrial } from '../api/buy-addon.ts';
import { type AddonTarget, addonCostQueryOptions, addonKeys } from '../api/get-addon-cost.ts';
import { AddonPurchaseForm, type PurchaseReason } from '../components/addon-purchase-form.tsx';

export const PURCHASE_MODAL_ID = 'addon-purchase';
/** Sales see why the request came: an add-on's maximum was reached. */
export const ADDON_LIMIT_MOTIVE = 'addon-limit';

export interface AddonPurchaseRequest {
  key: string;
  /** Units to start with (the modal lets the user change it). */
  quantity?: number;
  /** Who the add-on is for; by default the add-on's own scope: the user, or the selected organization. */
  target?: AddonTarget;
  /** `noCredits`: opened because an action needed more credits than there are. */
  reason?: PurchaseReason;
}

/**
 * Spec §4's add-on purchase flow, as one hook: fetch the cost (by organization or by user), multiply
 * by the quantity; the contact-the-account-manager modal when the maximum is reached; a direct
 * purchase on trial; otherwise the purchase modal, which buys on confirm, announces and closes.
 * Every purchase attempt sends a fresh Idempotency-Key and never a price.
 */
export function useAddonPurchase() {
  const { t } = useTranslation();
  const session = useSession();
  const selectedOrganizationId = useSelectedOrganizationId();
  const subscription = useSubscription();
  const queryClient = useQueryClient();
  const [isStarting, setStarting] = useState(false);

  const isTrial = subscription.data ? subscription.data.isTrial : session?.claims.tri === true;

  const targetFor = (key: string): AddonTarget | null => {
    const scope = addonDefinition(key)?.scope ?? 'organization';
    if (scope === 'user') return session ? { scope: 'user', userId: session.claims.sub } : null;
    return selectedOrganizationId ? { scope: 'organization', organizationId: selectedOrganizationId } : null;
  };

  const announce = (order: AddonOrder, receipt: PurchaseReceipt) => {
    notifications.show({
      closeButtonProps: { 'aria-label': t('COMMON.CLOSE') },
      color: 'teal',
      title: t('ADDONS.PURCHASE.DONE_TITLE'),
      message: t('ADDONS.PURCHASE.DONE', { name: addonName(t, order.key), count: order.quantity }),
    });
    void receipt;
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    void queryClient.invalidateQueries({ queryKey: addonKeys.all });
    void queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
  };

  /** The contact-the-account-manager modal: the shared contact request, motive addon-limit. */
  const openContact = (key: string) =>
    openContactModal({ motive: ADDON_LIMIT_MOTIVE, source: `addon:${key}` });

  const showFailure = (error: unknown) =>
    notifications.show({
      closeButtonProps: { 'aria-label': t('COMMON.CLOSE') },
      color: 'red',
      title: t('ADDONS.PURCHASE.FAILED_TITLE'),
      message: <ApiErrorMessage error={error} />,
    });

  const openPurchase = (cost: AddonCost, order: AddonOrder, reason: PurchaseReason) =>
    modals.open({
      modalId: PURCHASE_MODAL_ID,
      title:
        reason === 'noCredits'
          ? t('ADDONS.NO_CREDITS.TITLE')
          : t('ADDONS.PURCHASE.TITLE', { name: addonName(t, cost.key) }),
      closeOnClickOutside: false,
      children: (
        <AddonPurchaseForm
          cost={cost}
          reason={reason}
          initialQuantity={order.quantity}
          onCancel={() => modals.close(PURCHASE_MODAL_ID)}
          onBuy={async (quantity) => {
            const confirmed = { ...order, quantity };
            try {
              const receipt = await buyAddon(confirmed);
              modals.close(PURCHASE_MODAL_ID);
              announce(confirmed, receipt);
            } catch (error) {
              if (error instanceof ApiError && error.code === 'ADDON_MAXIMUM_REACHED') {
                modals.close(PURCHASE_MODAL_ID);
                openContact(order.key);
                return;
              }
              throw error;
            }
          }}
        />
      ),
    });

  /** Starts the flow for one add-on. */
  const start = async (request: AddonPurchaseRequest): Promise<void> => {
    if (isStarting) return;
    const target = request.target ?? targetFor(request.key);
    if (!target) {
      showFailure(
        new ApiError(400, {
          code: 'ORGANIZATION_REQUIRED',
          messageKey: 'ERRORS.ORGANIZATION_REQUIRED',
          message: '',
        }),
      );
      return;
    }
    setStarting(true);
    try {
      const cost = await queryClient.fetchQuery(addonCostQueryOptions(request.key, target));
      const decision = decideAddonFlow(cost, { isTrial, quantity: request.quantity });
      const order: AddonOrder = {
        key: request.key,
        quantity: 'quantity' in decision ? decision.quantity : 1,
        target,
      };
      if (decision.step === 'contact') openContact(request.key);
      else if (decision.step === 'buy') announce(order, await buyAddonOnTrial(order));
      else openPurchase(cost, order, request.reason ?? 'purchase');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ADDON_MAXIMUM_REACHED') openContact(request.key);
      else showFailure(error);
    } finally {
      setStarting(false);
    }
  };

  /**
   * For an action that failed with NOT_ENOUGH_CREDITS (409): opens the no-credits modal to buy the
   * credits that were short (the organization's by default). Returns whether it handled the error.
   */
  const handleNotEnoughCredits = (
    error: unknown,
    payer: 'user' | 'organization' = 'organization',
  ): boolean => {
    if (!(error instanceof ApiError) || error.code !== 'NOT_ENOUGH_CREDITS') return false;
    void start({ key: payer === 'user' ? 'user_credits' : 'organization_credits', reason: 'noCredits' });
    return true;
  };

  return { start, handleNotEnoughCredits, isStarting };
}
