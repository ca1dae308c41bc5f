/** The SMS centre's endpoints (docs/DOMAIN.md, "SMS centre"), served by server/routes/sms.ts. */
import { get, post, put } from '@/api/endpoints/define';
import {
  countReportQuery,
  countReportResponse,
  createSmsLimitBody,
  schoolInvoiceQuery,
  smsBalanceResponse,
  smsOkResponse,
  smsCampaignsPage,
  smsCampaignsQuery,
  smsCheckQuery,
  smsComposeBody,
  smsCountPage,
  smsDeliveryResponse,
  smsMessagesPage,
  smsMessagesQuery,
  smsOptOutsBody,
  smsOptOutsResponse,
  smsPreviewResponse,
  smsQuotaState,
  smsSendBody,
  smsSendResponse,
  smsSettingsBody,
  smsSettingsResponse,
  smsTemplatesResponse,
  smsTopupPage,
  sslRequestBody,
  sslRequestResponse,
} from '@/api/schemas/sms';
import { pageQuery } from '@/api/schemas/common';

export const smsEndpoints = {
  // the old portal's paths for the quota and top-ups
  createSmsLimit: post('/create_smsLimit', 'sms.limit', { body: createSmsLimitBody, response: smsOkResponse }),
  smsCountAll: get('/sms_count/all', 'sms.limit', { query: pageQuery, response: smsCountPage }),
  smsCheck: get('/smsCheck', 'sms.check', { query: smsCheckQuery, response: smsQuotaState }),
  sslRequest: post('/ssl-request', 'sms.topup', { body: sslRequestBody, response: sslRequestResponse }),
  schoolWiseInvoice: get('/schoolWiseInvoice', 'sms.check', { query: schoolInvoiceQuery, response: smsTopupPage }),
  countReport: get('/sms/count_report', 'sms.reports', { query: countReportQuery, response: countReportResponse }),
  // composing and sending
  templates: get('/sms/templates', 'sms.send', { response: smsTemplatesResponse }),
  preview: post('/sms/preview', 'sms.send', { body: smsComposeBody, response: smsPreviewResponse }),
  send: post('/sms/send', 'sms.send', { body: smsSendBody, response: smsSendResponse }),
  messages: get('/sms/messages', 'sms.send', { query: smsMessagesQuery, response: smsMessagesPage }),
  campaigns: get('/sms/campaigns', 'sms.send', { query: smsCampaignsQuery, response: smsCampaignsPage }),
  // automatic messages
  settings: get('/sms/settings', 'sms.settings', { response: smsSettingsResponse }),
  putSettings: put('/sms/settings', 'sms.settings', { body: smsSettingsBody, response: smsOkResponse }),
  // the gateway
  balance: get('/sms/balance', 'sms.limit', { response: smsBalanceResponse }),
  twilioDelivery: post('/sms/delivery/twilio', 'public', { response: smsDeliveryResponse }),
  // a guardian's opt-outs
  optOuts: get('/guardian/sms-opt-outs', 'guardian.preferences', { response: smsOptOutsResponse }),
  putOptOuts: put('/guardian/sms-opt-outs', 'guardian.preferences', {
    body: smsOptOutsBody,
    response: smsOkResponse,
  }),
};
