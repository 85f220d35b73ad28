/** The catalog's messages: what a learner reads when a catalog call is refused. */
import { attemptsUsedMessage } from '../../../common/catalog';

export const CATALOG_MESSAGES = {
  badSlug: (what: string) => `The ${what} is not a valid slug.`,
  moduleNotFound: 'This module is not in your school’s catalog.',
  materialNotFound: 'This material does not exist in this module.',
  sectionNotFound: 'This section does not exist in this material.',
  reviewNotFound: 'This material has no review.',
  answersRequired: 'Answer every question of the review.',
  unknownQuestion: (id: string) => `Question ${id.slice(0, 20)} is not part of this review.`,
  servingMissing: 'Open the review again: the answers must name the copy of the review they answer.',
  servingGone: 'This copy of the review was already submitted or has been opened again since. Your answers were not scored: the review is loaded again for you.',
  preTestAfterPostTest: 'The pre-test comes before the module: you have already taken its post-test.',
  postTestLocked: 'The post-test opens once you have read every section of this module.',
  testTaken: (kind: string) => `You have already taken this module’s ${kind}: each is taken once, so its score measures what you learned.`,
  badBookmarkId: 'The bookmark id must be a positive whole number.',
  bookmarkNotFound: 'This bookmark does not exist.',
  bookmarkTargetMissing: 'There is nothing to bookmark at this address.',
  badBookmarkTarget: 'The bookmark target is not valid.',
  notCompleted: 'You can download a certificate once the module is complete.',
  badCode: 'The verification code is not valid.',
  certificateNotFound: 'No certificate has this verification code.',
  attemptsUsed: attemptsUsedMessage,
  guideStaffOnly: 'Teacher guides and answer keys are for teachers and school administrators.',
  guideModuleNotFound: (slug: string) => `There is no module “${slug}” in your school’s catalog, so it has no teacher guide.`,
} as const;
