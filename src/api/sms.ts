/**
 * The SMS centre on the client (docs/DOMAIN.md, "SMS centre"): calls typed with ./schemas/sms and
 * the TanStack Query factories its screens read with. The compose flow's writes (preview, send)
 * are src/machines/sms-compose.machine.ts's actors; after a send or a saved setting the screen
 * invalidates `smsKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import { smsEndpoints } from '@/api/endpoints/sms';
import type { PageQuery } from '@/api/schemas/common';
import type { SmsSettingsBody } from '@/api/schemas/sms';
import type { z } from 'zod';
import type {
  createSmsLimitBody,
  smsComposeBody,
  smsMessagesQuery as messagesQuerySchema,
  smsSendBody,
  SmsPurpose,
  sslRequestBody,
} from '@/api/schemas/sms';
import { downloadFile } from '@/api/upload';

export type SmsComposeBody = z.input<typeof smsComposeBody>;
export type SmsSendBody = z.input<typeof smsSendBody>;
export type SmsMessagesQuery = z.input<typeof messagesQuerySchema>;

export const previewSms = (body: SmsComposeBody) => request(smsEndpoints.preview, { body });
export const sendSms = (body: SmsSendBody, idempotencyKey?: string) =>
  request(smsEndpoints.send, { body, idempotencyKey });
export const startSmsTopup = (body: z.input<typeof sslRequestBody>) => request(smsEndpoints.sslRequest, { body });
export const saveSmsLimit = (body: z.input<typeof createSmsLimitBody>) =>
  request(smsEndpoints.createSmsLimit, { body });
export const saveSmsSettings = (body: SmsSettingsBody) => request(smsEndpoints.putSettings, { body });
export const saveSmsOptOuts = (opted_out: SmsPurpose[]) => request(smsEndpoints.putOptOuts, { body: { opted_out } });

export const smsKeys = {
  all: ['sms'] as const,
  templates: () => ['sms', 'templates'] as const,
  quota: (schoolId?: number) => ['sms', 'quota', schoolId ?? 'mine'] as const,
  topups: (q: PageQuery) => ['sms', 'topups', q] as const,
  usage: (typeId?: number) => ['sms', 'usage', typeId ?? 'all'] as const,
  messages: (q: SmsMessagesQuery) => ['sms', 'messages', q] as const,
  campaigns: (q: PageQuery) => ['sms', 'campaigns', q] as const,
  schools: (q: PageQuery) => ['sms', 'schools', q] as const,
  balance: () => ['sms', 'balance'] as const,
  settings: () => ['sms', 'settings'] as const,
};

export const smsTemplatesQuery = () =>
  queryOptions({
    queryKey: smsKeys.templates(),
    queryFn: () => request(smsEndpoints.templates),
    staleTime: Infinity,
  });

export const smsQuotaQuery = (schoolId?: number) =>
  queryOptions({
    queryKey: smsKeys.quota(schoolId),
    queryFn: () => request(smsEndpoints.smsCheck, { query: { school_id: schoolId } }),
  });

export const smsTopupsQuery = (q: PageQuery) =>
  queryOptions({
    queryKey: smsKeys.topups(q),
    queryFn: () => request(smsEndpoints.schoolWiseInvoice, { query: q }),
    placeholderData: keepPreviousData,
  });

export const smsUsageQuery = (typeId?: number) =>
  queryOptions({
    queryKey: smsKeys.usage(typeId),
    queryFn: () => request(smsEndpoints.countReport, { query: { type_id: typeId, format: 'json' } }),
  });

export const smsMessagesQuery = (q: SmsMessagesQuery) =>
  queryOptions({
    queryKey: smsKeys.messages(q),
    queryFn: () => request(smsEndpoints.messages, { query: q }),
    placeholderData: keepPreviousData,
  });

export const smsCampaignsQuery = (q: PageQuery) =>
  queryOptions({
    queryKey: smsKeys.campaigns(q),
    queryFn: () => request(smsEndpoints.campaigns, { query: q }),
    placeholderData: keepPreviousData,
  });

export const smsSchoolsQuery = (q: PageQuery) =>
  queryOptions({
    queryKey: smsKeys.schools(q),
    queryFn: () => request(smsEndpoints.smsCountAll, { query: q }),
    placeholderData: keepPreviousData,
  });

export const smsBalanceQuery = () =>
  queryOptions({ queryKey: smsKeys.balance(), queryFn: () => request(smsEndpoints.balance) });

export const smsSettingsQuery = () =>
  queryOptions({ queryKey: smsKeys.settings(), queryFn: () => request(smsEndpoints.settings) });

/** The usage report (every month and purpose) as CSV or XLSX. */
export function downloadSmsUsage(format: 'csv' | 'xlsx', typeId?: number): Promise<void> {
  const params = new URLSearchParams({ format });
  if (typeId) params.set('type_id', String(typeId));
  return downloadFile(`${urlOf(smsEndpoints.countReport)}?${params.toString()}`, `sms-usage.${format}`);
}
