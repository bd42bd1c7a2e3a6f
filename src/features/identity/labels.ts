/** Labels of the identity states (spec §4) and document types, as Lingui descriptors translated where shown. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { IdentityStatus } from '../../../common/api/account'
import type { DocumentType, IdentityLevel } from '../../../common/api/identity'

/** Spec §4: not certified, in review, verified, re-authenticate (a rejected submission). */
export const STATUS_LABELS: Record<IdentityStatus, MessageDescriptor> = {
  none: msg({ id: 'identity.status.none', message: 'Not certified' }),
  review: msg({ id: 'identity.status.review', message: 'In review' }),
  verified: msg({ id: 'identity.status.verified', message: 'Verified' }),
  rejected: msg({ id: 'identity.status.rejected', message: 'Verify again' }),
}

export const DOC_TYPE_LABELS: Record<DocumentType, MessageDescriptor> = {
  id_card: msg({ id: 'identity.docType.idCard', message: 'ID card' }),
  driver_license: msg({ id: 'identity.docType.driverLicense', message: "Driver's licence" }),
}

export const TIER_TITLES: Record<IdentityLevel, MessageDescriptor> = {
  basic: msg({ id: 'identity.basic.title', message: 'Basic verification' }),
  advanced: msg({ id: 'identity.advanced.title', message: 'Advanced verification' }),
}
