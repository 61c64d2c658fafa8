// The notices' part of the API (docs/server.md, "Notices"): the account's choices, its
// e-mail address, calendar feed, this device's push subscription, and each game's own
// choices and group-chat webhook.
import { request } from '../api';
import type { components } from '../generated/openapi';

type S = components['schemas'];
export type NoticeSettings = S['NoticeSettings'];
export type NoticeEvents = S['NoticeEvents'];
export type Webhook = S['Webhook'];
export type NewWebhook = S['NewWebhook'];
export type PushSubscriptionKept = S['PushSubscription'];

export const KINDS = ['orders_due', 'deadline_near', 'press', 'game_status', 'civil_disorder'] as const;
export type Kind = (typeof KINDS)[number];

export const noticesApi = {
  settings: () => request<NoticeSettings>('GET', '/me/notices'),
  update: (body: Partial<Pick<NoticeSettings, 'reminder_hours' | 'press_minutes' | 'events'>>) =>
    request<NoticeSettings>('PATCH', '/me/notices', body),
  setEmail: (address: string) => request<S['EmailAddress']>('PUT', '/me/email', { address }),
  removeEmail: () => request<void>('DELETE', '/me/email'),
  confirmEmail: (token: string) => request<S['EmailAddress']>('POST', '/email/confirm', { token }),
  unsubscribe: (token: string) => request<{ address: string }>('POST', `/email/unsubscribe/${encodeURIComponent(token)}`),
  resetCalendar: () => request<{ calendar_url: string }>('POST', '/me/calendar'),
  removeCalendar: () => request<void>('DELETE', '/me/calendar'),
  gameNotices: (id: string) => request<S['GameNotices']>('GET', `/games/${id}/notices`),
  setGameNotices: (id: string, events: NoticeEvents | null) => request<S['GameNotices']>('PUT', `/games/${id}/notices`, { events }),
  webhook: (id: string) => request<{ webhook: Webhook | null }>('GET', `/games/${id}/webhook`),
  setWebhook: (id: string, body: NewWebhook) => request<{ webhook: Webhook }>('PUT', `/games/${id}/webhook`, body),
  removeWebhook: (id: string) => request<void>('DELETE', `/games/${id}/webhook`),
  pushKey: () => request<{ public_key: string }>('GET', '/push/key'),
  pushSubscriptions: () => request<{ subscriptions: PushSubscriptionKept[] }>('GET', '/me/push_subscriptions'),
  addPushSubscription: (body: S['NewPushSubscription']) =>
    request<{ subscription: PushSubscriptionKept }>('POST', '/me/push_subscriptions', body),
  removePushSubscription: (id: number) => request<void>('DELETE', `/me/push_subscriptions/${id}`),
};
