// The disclosures module's public entry: what other modules (onboarding's gating, the demo seed) call.
// The work is split by what it does: versions (disclosure-versions.service.ts), what a client opens
// (disclosure-openings.service.ts), the delivery report (delivery-report.service.ts) and the mails
// (delivery-mailing.service.ts).

export {
  type InitialDeliveryDates,
  initialDeliveryDates,
  recordDelivery,
} from './disclosure-openings.service.js';
export { listVersions, upload } from './disclosure-versions.service.js';
