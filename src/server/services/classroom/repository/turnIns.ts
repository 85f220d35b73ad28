/** Turn-ins: handing one in (with the document it copies), reading them, comments, and the teacher's review. */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db';
import type { TurnInsTable } from '../../../db/schema';

export interface TurnInRow {
  id: number;
  classId: number;
  userId: number;
  assignmentId: number | null;
  kind: 'worksheet' | 'budget';
  documentId: number;
  title: string;
  turnedInAt: number;
  worksheetKind: string | null;
  /** the teacher's review (shapes.ts turns it into a TurnInReview) */
  scorePoints: number | null;
  scoreMark: 'complete' | 'incomplete' | null;
  feedback: string | null;
  scoredAt: number | null;
  returnedAt: number | null;
}

const turnInColumns = [
  'turn_ins.id',
  'turn_ins.class_id',
  'turn_ins.user_id',
  'turn_ins.assignment_id',
  'turn_ins.kind',
  'turn_ins.document_id',
  'turn_ins.title',
  'turn_ins.turned_in_at',
  'turn_ins.score_points',
  'turn_ins.score_mark',
  'turn_ins.feedback',
  'turn_ins.scored_at',
  'turn_ins.returned_at',
] as const;

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A turn_ins row as turnInColumns select it, with its worksheet's kind. */
type TurnInSelected = Omit<Selectable<TurnInsTable>, 'snapshot' | 'scored_by'> & { worksheet_kind: string | null };

function toTurnInRow(r: TurnInSelected): TurnInRow {
  return {
    scorePoints: numberOrNull(r.score_points),
    scoreMark: r.score_mark,
    feedback: r.feedback,
    scoredAt: numberOrNull(r.scored_at),
    returnedAt: numberOrNull(r.returned_at),
    id: r.id,
    classId: r.class_id,
    userId: r.user_id,
    assignmentId: r.assignment_id,
    kind: r.kind,
    documentId: r.document_id,
    title: r.title,
    turnedInAt: Number(r.turned_in_at),
    worksheetKind: r.worksheet_kind,
  };
}

/** Turn-ins to a class (all students, one, or some), newest first; the worksheet kind comes from the snapshot's row. */
export async function classTurnIns(db: Db, classId: number, userId?: number | readonly number[]): Promise<TurnInRow[]> {
  if (typeof userId === 'object' && userId.length === 0) return [];
  let query = db
    .selectFrom('turn_ins')
    .leftJoin('worksheets', (join) => join.onRef('worksheets.id', '=', 'turn_ins.document_id').on('turn_ins.kind', '=', 'worksheet'))
    .select([...turnInColumns, 'worksheets.kind as worksheet_kind'])
    .where('turn_ins.class_id', '=', classId)
    .orderBy('turn_ins.turned_in_at', 'desc')
    .orderBy('turn_ins.id', 'desc');
  if (typeof userId === 'number') query = query.where('turn_ins.user_id', '=', userId);
  else if (userId) query = query.where('turn_ins.user_id', 'in', [...userId]);
  return (await query.execute()).map(toTurnInRow);
}

/** A student's turn-ins to every class, newest first. */
export async function studentTurnIns(db: Db, userId: number): Promise<(TurnInRow & { className: string })[]> {
  const rows = await db
    .selectFrom('turn_ins')
    .innerJoin('classes', 'classes.id', 'turn_ins.class_id')
    .leftJoin('worksheets', (join) => join.onRef('worksheets.id', '=', 'turn_ins.document_id').on('turn_ins.kind', '=', 'worksheet'))
    .select([...turnInColumns, 'worksheets.kind as worksheet_kind', 'classes.name as class_name'])
    .where('turn_ins.user_id', '=', userId)
    .orderBy('turn_ins.turned_in_at', 'desc')
    .orderBy('turn_ins.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...toTurnInRow(r), className: r.class_name }));
}

export async function findTurnIn(db: Db, turnInId: number): Promise<(TurnInRow & { className: string; snapshot: string; studentName: string }) | undefined> {
  const row = await db
    .selectFrom('turn_ins')
    .innerJoin('classes', 'classes.id', 'turn_ins.class_id')
    .innerJoin('users', 'users.id', 'turn_ins.user_id')
    .leftJoin('worksheets', (join) => join.onRef('worksheets.id', '=', 'turn_ins.document_id').on('turn_ins.kind', '=', 'worksheet'))
    .select([...turnInColumns, 'worksheets.kind as worksheet_kind', 'classes.name as class_name', 'turn_ins.snapshot', 'users.first_name', 'users.last_name'])
    .where('turn_ins.id', '=', turnInId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...toTurnInRow(row), className: row.class_name, snapshot: row.snapshot, studentName: `${row.first_name} ${row.last_name}`.trim() };
}

export async function commentsOf(db: Db, turnInIds: readonly number[]): Promise<{ id: number; turnInId: number; authorName: string; body: string; createdAt: number }[]> {
  if (turnInIds.length === 0) return [];
  const rows = await db
    .selectFrom('turn_in_comments')
    .leftJoin('users', 'users.id', 'turn_in_comments.author_id')
    .select(['turn_in_comments.id', 'turn_in_comments.turn_in_id', 'turn_in_comments.body', 'turn_in_comments.created_at', 'users.first_name', 'users.last_name'])
    .where('turn_in_comments.turn_in_id', 'in', [...turnInIds])
    .orderBy('turn_in_comments.created_at')
    .orderBy('turn_in_comments.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    turnInId: r.turn_in_id,
    authorName: r.first_name === null ? 'A former teacher' : `${r.first_name} ${r.last_name ?? ''}`.trim(),
    body: r.body,
    createdAt: Number(r.created_at),
  }));
}

export async function insertComment(db: Db, comment: { turnInId: number; authorId: number; body: string; createdAt: number }): Promise<number> {
  const row = await db
    .insertInto('turn_in_comments')
    .values({ turn_in_id: comment.turnInId, author_id: comment.authorId, body: comment.body, created_at: comment.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's live worksheet, as a turn-in copies it. */
export function ownedWorksheet(db: Db, userId: number, documentId: number): Promise<{ kind: string; title: string; data: string } | undefined> {
  return db.selectFrom('worksheets').select(['kind', 'title', 'data']).where('id', '=', documentId).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The owner's live budget, as a turn-in copies it. */
export function ownedBudget(db: Db, userId: number, documentId: number): Promise<{ name: string; data: string } | undefined> {
  return db.selectFrom('budgets').select(['name', 'data']).where('id', '=', documentId).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertTurnIn(
  db: Db,
  turnIn: { classId: number; userId: number; assignmentId: number | null; kind: 'worksheet' | 'budget'; documentId: number; title: string; snapshot: string; turnedInAt: number },
): Promise<number> {
  const row = await db
    .insertInto('turn_ins')
    .values({
      class_id: turnIn.classId,
      user_id: turnIn.userId,
      assignment_id: turnIn.assignmentId,
      kind: turnIn.kind,
      document_id: turnIn.documentId,
      title: turnIn.title,
      snapshot: turnIn.snapshot,
      turned_in_at: turnIn.turnedInAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A class's turn-ins with their students' names, newest first: the teacher's inbox. */
export async function inboxTurnIns(db: Db, classId: number): Promise<(TurnInRow & { studentName: string })[]> {
  const rows = await db
    .selectFrom('turn_ins')
    .innerJoin('users', 'users.id', 'turn_ins.user_id')
    .leftJoin('worksheets', (join) => join.onRef('worksheets.id', '=', 'turn_ins.document_id').on('turn_ins.kind', '=', 'worksheet'))
    .select([...turnInColumns, 'worksheets.kind as worksheet_kind', 'users.first_name', 'users.last_name'])
    .where('turn_ins.class_id', '=', classId)
    .orderBy('turn_ins.turned_in_at', 'desc')
    .orderBy('turn_ins.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...toTurnInRow(r), studentName: `${r.first_name} ${r.last_name}`.trim() }));
}

/** The teacher's score and comment on a turn-in: only the fields given change. */
export async function saveTurnInReview(
  db: Db,
  turnInId: number,
  review: { score?: { points: number | null; mark: 'complete' | 'incomplete' | null }; feedback?: string | null; scoredBy: number; at: number },
): Promise<void> {
  await db
    .updateTable('turn_ins')
    .set({
      ...(review.score === undefined ? {} : { score_points: review.score.points, score_mark: review.score.mark }),
      ...(review.feedback === undefined ? {} : { feedback: review.feedback }),
      scored_by: review.scoredBy,
      scored_at: review.at,
    })
    .where('id', '=', turnInId)
    .execute();
}

/** The teacher's scores of a class's turn-ins, by turn-in id (the scored ones only). */
export async function turnInScores(db: Db, classId: number): Promise<Map<number, number | 'complete' | 'incomplete'>> {
  const rows = await db
    .selectFrom('turn_ins')
    .select(['id', 'score_points', 'score_mark'])
    .where('class_id', '=', classId)
    .where((eb) => eb.or([eb('score_points', 'is not', null), eb('score_mark', 'is not', null)]))
    .execute();
  return new Map(rows.map((r) => [r.id, r.score_points === null ? (r.score_mark ?? 'incomplete') : Number(r.score_points)]));
}

/** Returns a turn-in to its student. */
export async function returnTurnIn(db: Db, turnInId: number, at: number): Promise<void> {
  await db.updateTable('turn_ins').set({ returned_at: at }).where('id', '=', turnInId).execute();
}
