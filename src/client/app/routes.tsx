/**
 * The route table: every route of SPEC §2, with its title, requiresAuth and lazily loaded page, in ONE
 * declarative list. `toRouteObject` turns it into react-router's data-router routes; each area is its
 * own webpack chunk (see the webpackChunkName comments), so signing in does not download the budget wizard.
 *
 * Titles the spec gives are used word for word (/app 'Intro', '' 'Home', activity 'Catalog' — the
 * activity children have no title of their own, so they keep the spec's 'Catalog'); the rest are ours.
 * requiresAuth is inherited: the deepest route that states it wins (see routeMeta.ts).
 * Numeric parameters (:id, :rid, :otid) are declared in `numeric`; a non-numeric value renders Not Found.
 */
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Outlet, useRouteError, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { SessionExpiryDialogWhenDue } from './LazyOverlays';
import { PublicLayout } from './Shell/PublicLayout';
import { PageLoading } from '../ui/PageLoading';
import type { SkeletonKind } from '../ui/PageSkeleton';
import { pageAfterFailedLoad } from './PageLoadFailed';
import { nextTask, yieldWhereSupported } from '../lib/tasks';
import { reportClientError } from '../lib/errorLog';
import { ErrorPage, NotFoundPage } from './pages/NotFoundPage';
import { NOT_FOUND_TITLE, routeMeta, type RouteHandle, type RouteMeta } from './routeMeta';
import { RequirePermission } from './guards';
import type { WorkspaceKey } from './access';

/** A page loaded on demand: the data router's `lazy` fetches its chunk before the navigation commits. */
interface LazyPage {
  load: () => Promise<ComponentType>;
}
type Page = ComponentType | LazyPage;

/**
 * One named export of a lazily loaded module. A module that speaks from feature catalogs exports
 * `ready` (their loading in the language spoken): awaited before the page renders, so it never shows
 * another language or a message id (docs/i18n.md).
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyPage {
  return {
    load: async () => {
      const module = await load();
      if (typeof module.ready === 'function') await (module.ready as () => Promise<void>)();
      return module[name] as ComponentType;
    },
  };
}

const isLazy = (page: Page): page is LazyPage => typeof page === 'object' && 'load' in page;

/**
 * A lazy page's chunk is evaluated when it arrives; the router then renders the page. A yield in
 * between (where the browser has scheduler.yield) makes them two tasks, not one long one (
 * TBT).
 */
async function loadInItsOwnTask(page: LazyPage): Promise<ComponentType> {
  const Component = await page.load();
  await yieldWhereSupported();
  return Component;
}

// --- Pages, one chunk per area ---------------------------------------------------------------------
const home = () => import(/* webpackChunkName: "home" */ './pages/HomePage');
const info = () => import(/* webpackChunkName: "info" */ './pages/InfoPages');
const login = () => import(/* webpackChunkName: "login" */ '../features/auth/pages/LoginPage');
const signout = () => import(/* webpackChunkName: "signout" */ '../features/auth/pages/SignOutPage');
const schoolSignIn = () => import(/* webpackChunkName: "school-sign-in" */ '../features/auth/pages/SchoolSignInPage');
const activity = () => import(/* webpackChunkName: "activity" */ '../features/activity');
const catalog = () => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/CatalogPages');
const glossary = () => import(/* webpackChunkName: "glossary" */ '../features/catalog/pages/GlossaryPage');
const teacherGuide = () => import(/* webpackChunkName: "teacher-guide" */ '../features/catalog/pages/TeacherGuidePage');
const resources = () => import(/* webpackChunkName: "resources" */ '../features/resources');
const kb = () => import(/* webpackChunkName: "knowledge-base" */ '../features/knowledgeBase/pages/KnowledgeBasePages');
const wizard = () => import(/* webpackChunkName: "budget-wizard" */ '../features/budgetWizard/pages/BudgetWizardPages');
const worksheets = () => import(/* webpackChunkName: "worksheets" */ '../features/worksheets/pages/WorksheetsPage');
const support = () => import(/* webpackChunkName: "support" */ '../features/support/pages/SupportPages');
const replay = () => import(/* webpackChunkName: "support-replay" */ '../features/support/pages/ReplayPage');
const profile = () => import(/* webpackChunkName: "profile" */ '../features/profile/pages/ProfilePages');
const register = () => import(/* webpackChunkName: "register" */ '../features/registration/pages/RegistrationPages');
const password = () => import(/* webpackChunkName: "password" */ '../features/password/pages/PasswordPages');
const classes = () => import(/* webpackChunkName: "classroom" */ '../features/classroom/pages/ClassesPage');
const klass = () => import(/* webpackChunkName: "classroom" */ '../features/classroom/pages/ClassPage');
const howToJoin = () => import(/* webpackChunkName: "classroom" */ '../features/classroom/pages/HowToJoinPage');
const classStudent = () => import(/* webpackChunkName: "classroom" */ '../features/classroom/pages/ClassStudentPage');
const classReviewQuestions = () => import(/* webpackChunkName: "classroom" */ '../features/classroom/pages/ClassReviewQuestionsPage');
const classInbox = () => import(/* webpackChunkName: "classroom" */ '../features/classroom/pages/InboxPage');
const adminOverview = () => import(/* webpackChunkName: "school-admin" */ '../features/schoolAdmin/pages/OverviewPage');
const adminUsers = () => import(/* webpackChunkName: "school-admin" */ '../features/schoolAdmin/pages/UsersPage');
const adminCodes = () => import(/* webpackChunkName: "school-admin" */ '../features/schoolAdmin/pages/CodesPage');
const adminAudit = () => import(/* webpackChunkName: "school-admin" */ '../features/schoolAdmin/pages/AuditPage');
const adminClasses = () => import(/* webpackChunkName: "school-admin" */ '../features/schoolAdmin/pages/ClassesPage');
const codeSheet = () => import(/* webpackChunkName: "school-admin" */ '../features/schoolAdmin/pages/CodeSheetPage');
const adminRoster = () => import(/* webpackChunkName: "school-admin-roster" */ '../features/schoolAdmin/pages/RosterPage');
const adminSettings = () => import(/* webpackChunkName: "school-admin-settings" */ '../features/schoolAdmin/pages/SettingsPage');
const adminSignIn = () => import(/* webpackChunkName: "school-admin-settings" */ '../features/schoolAdmin/pages/SchoolSignInPage');

// the signed-in shell (navigation drawer, menus) is a chunk of its own: /login never downloads it
const shell = () => import(/* webpackChunkName: "shell" */ './Shell/AppShell');

const P = {
  Home: lazyPage(home, 'HomePage'),
  Intro: lazyPage(home, 'IntroPage'),
  About: lazyPage(info, 'AboutPage'),
  Terms: lazyPage(info, 'TermsPage'),
  Privacy: lazyPage(info, 'PrivacyPage'),
  Login: lazyPage(login, 'LoginPage'),
  SignOut: lazyPage(signout, 'SignOutPage'),
  SchoolSignIn: lazyPage(schoolSignIn, 'SchoolSignInPage'),
  Transcripts: lazyPage(activity, 'TranscriptsPage'),
  BookmarksBudgets: lazyPage(activity, 'BookmarksBudgetsPage'),
  ModuleList: lazyPage(catalog, 'ModuleListPage'),
  ModuleHome: lazyPage(catalog, 'ModuleHomePage'),
  Material: lazyPage(catalog, 'MaterialPage'),
  MaterialReview: lazyPage(catalog, 'MaterialReviewPage'),
  Section: lazyPage(catalog, 'SectionPage'),
  Glossary: lazyPage(glossary, 'GlossaryPage'),
  Certificate: lazyPage(catalog, 'CertificatePage'),
  TeacherGuide: lazyPage(teacherGuide, 'TeacherGuidePage'),
  Resources: lazyPage(resources, 'ResourcesHomePage'),
  KbHome: lazyPage(kb, 'KnowledgeBaseHomePage'),
  KbTopic: lazyPage(kb, 'TopicPage'),
  KbArticle: lazyPage(kb, 'ArticlePage'),
  BudgetList: lazyPage(wizard, 'BudgetListPage'),
  BudgetCreate: lazyPage(wizard, 'BudgetCreatePage'),
  BudgetEdit: lazyPage(wizard, 'BudgetEditPage'),
  Worksheets: lazyPage(worksheets, 'WorksheetsPage'),
  WorksheetNew: lazyPage(worksheets, 'WorksheetNewPage'),
  WorksheetEdit: lazyPage(worksheets, 'WorksheetEditPage'),
  Support: lazyPage(support, 'SupportPage'),
  Help: lazyPage(support, 'HelpPage'),
  SupportTickets: lazyPage(support, 'TicketsPage'),
  SupportTicket: lazyPage(support, 'TicketPage'),
  SupportReplay: lazyPage(replay, 'ReplayPage'),
  Account: lazyPage(profile, 'AccountPage'),
  AccessCodes: lazyPage(profile, 'AccessCodesPage'),
  EditProfile: lazyPage(profile, 'EditProfilePage'),
  ChangePassword: lazyPage(profile, 'ChangePasswordPage'),
  ExternalId: lazyPage(profile, 'ExternalIdPage'),
  AddAccessCode: lazyPage(profile, 'AddAccessCodePage'),
  RegisterCode: lazyPage(register, 'RegisterCodePage'),
  InvitationEmail: lazyPage(register, 'InvitationEmailPage'),
  RecordName: lazyPage(register, 'RecordNamePage'),
  RecordExternalId: lazyPage(register, 'RecordExternalIdPage'),
  RecordTerms: lazyPage(register, 'RecordTermsPage'),
  RecordVerify: lazyPage(register, 'RecordVerifyPage'),
  RecordVerifyCode: lazyPage(register, 'RecordVerifyCodePage'),
  RecordUsername: lazyPage(register, 'RecordUsernamePage'),
  RecordPassword: lazyPage(register, 'RecordPasswordPage'),
  ForgotPassword: lazyPage(password, 'ForgotPasswordPage'),
  ResetPassword: lazyPage(password, 'ResetPasswordPage'),
  Classes: lazyPage(classes, 'ClassesPage'),
  Class: lazyPage(klass, 'ClassPage'),
  ClassStudent: lazyPage(classStudent, 'ClassStudentPage'),
  ClassReviewQuestions: lazyPage(classReviewQuestions, 'ClassReviewQuestionsPage'),
  ClassInbox: lazyPage(classInbox, 'InboxPage'),
  HowToJoin: lazyPage(howToJoin, 'HowToJoinPage'),
  AdminOverview: lazyPage(adminOverview, 'AdminOverviewPage'),
  AdminUsers: lazyPage(adminUsers, 'AdminUsersPage'),
  AdminCodes: lazyPage(adminCodes, 'AdminCodesPage'),
  AdminAudit: lazyPage(adminAudit, 'AdminAuditPage'),
  AdminClasses: lazyPage(adminClasses, 'AdminClassesPage'),
  AdminClass: lazyPage(adminClasses, 'AdminClassPage'),
  AdminCodeSheet: lazyPage(codeSheet, 'AdminCodeSheetPage'),
  AdminRoster: lazyPage(adminRoster, 'AdminRosterPage'),
  AdminSettings: lazyPage(adminSettings, 'AdminSettingsPage'),
  AdminSignIn: lazyPage(adminSignIn, 'AdminSchoolSignInPage'),
  NotFound: NotFoundPage,
};

// --- The table ---------------------------------------------------------------------------------------
export interface AppRoute {
  /** Relative to the parent; absent with `index` or for a pathless layout. */
  path?: string;
  index?: boolean;
  title?: string;
  requiresAuth?: boolean;
  numeric?: readonly string[];
  /** The page's skeleton while its code or data loads (PageSkeleton); inherited, default rows. */
  skeleton?: SkeletonKind;
  page?: Page;
  /** A pathless layout wrapping the children. */
  layout?: 'shell' | 'public';
  /** A workspace: its pages only for the permissions that open it (RequirePermission, app/access.ts). */
  access?: WorkspaceKey;
  /** What the router waits for before it shows the page (react-router's loader); the previous page stays meanwhile. */
  loader?: () => Promise<unknown>;
  children?: AppRoute[];
}

const PUBLIC = false;
const AUTH = true;

/** The children of /app (and of its alias /). */
const appChildren: AppRoute[] = [
  {
    layout: 'shell',
    children: [
      {
        index: true,
        title: 'Home',
        skeleton: 'cards',
        page: P.Home,
        // "Assigned to you" is answered before Home first shows (nothing below it moves)
        loader: () => import(/* webpackChunkName: "home" */ './pages/homeLoader').then((m) => m.homeLoader()),
      },
      {
        path: 'activity',
        title: 'Catalog',
        skeleton: 'rows',
        children: [
          { index: true, page: P.Transcripts },
          { path: 'transcripts', page: P.Transcripts },
          { path: 'bookmarks-budgets', page: P.BookmarksBudgets },
        ],
      },
      {
        path: 'catalog',
        children: [
          { index: true, title: 'Catalog', skeleton: 'cards', page: P.ModuleList },
          {
            path: ':slug',
            children: [
              { index: true, title: 'Module', page: P.ModuleHome },
              // a module's teacher guide: TEACHER / SCHOOLADMIN at the current school, as the classroom
              { path: 'guide', access: 'classes', children: [{ index: true, title: 'Teacher Guide', page: P.TeacherGuide }] },
              {
                path: 'material/:mslug',
                children: [
                  { index: true, title: 'Material', skeleton: 'article', page: P.Material },
                  { path: 'review', title: 'Review', skeleton: 'form', page: P.MaterialReview },
                  { path: 'section/:sslug', title: 'Section', skeleton: 'article', page: P.Section },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'resources',
        children: [
          { index: true, title: 'Resources', skeleton: 'cards', page: P.Resources },
          {
            path: 'knowledge-base',
            children: [
              { index: true, title: 'Knowledge Base', skeleton: 'cards', page: P.KbHome },
              { path: ':slug', title: 'Topic', page: P.KbTopic },
              { path: ':tslug/:aslug', title: 'Article', skeleton: 'article', page: P.KbArticle },
            ],
          },
          { path: 'glossary', title: 'Glossary', skeleton: 'article', page: P.Glossary },
          {
            path: 'budget-wizard',
            children: [
              { index: true, title: 'Budget Wizard', page: P.BudgetList },
              { path: 'create', title: 'Create Budget', skeleton: 'form', page: P.BudgetCreate },
              { path: ':id', title: 'Edit Budget', numeric: ['id'], skeleton: 'form', page: P.BudgetEdit },
            ],
          },
          {
            path: 'worksheets',
            children: [
              { index: true, title: 'Worksheets', skeleton: 'cards', page: P.Worksheets },
              { path: ':kind', title: 'Worksheet', skeleton: 'form', page: P.WorksheetNew },
              { path: ':kind/:id', title: 'Worksheet', numeric: ['id'], skeleton: 'form', page: P.WorksheetEdit },
            ],
          },
        ],
      },
      {
        path: 'support',
        title: 'Support',
        requiresAuth: AUTH,
        children: [
          { index: true, skeleton: 'form', page: P.Support },
          {
            // the support console: SUPPORT / GADMINSUPERUSER only
            access: 'support',
            children: [
              { path: 'tickets', title: 'Support Tickets', page: P.SupportTickets },
              { path: 'tickets/:key', title: 'Support Ticket', page: P.SupportTicket },
              { path: 'recordings/:id', title: 'Session Recording', page: P.SupportReplay },
            ],
          },
        ],
      },
      {
        // the classroom: TEACHER / SCHOOLADMIN at the current school (anyone else is told so)
        path: 'classes',
        access: 'classes',
        skeleton: 'rows',
        children: [
          { index: true, title: 'Classes', page: P.Classes },
          { path: ':id', title: 'Class', numeric: ['id'], page: P.Class },
          { path: ':id/join', title: 'How to Join', numeric: ['id'], page: P.HowToJoin },
          { path: ':id/students/:userId', title: 'Student', numeric: ['id', 'userId'], page: P.ClassStudent },
          { path: ':id/reviews/:assignmentId/questions', title: 'What the Class Got Wrong', numeric: ['id', 'assignmentId'], page: P.ClassReviewQuestions },
          { path: ':id/inbox', title: 'Inbox', numeric: ['id'], page: P.ClassInbox },
        ],
      },
      {
        // school administration: SCHOOLADMIN at the current school, or GADMINSUPERUSER (any school)
        path: 'admin',
        access: 'school',
        skeleton: 'rows',
        children: [
          { index: true, title: 'School', page: P.AdminOverview },
          { path: 'users', title: 'Users', page: P.AdminUsers },
          { path: 'codes', title: 'Access Codes and Invitations', page: P.AdminCodes },
          { path: 'audit', title: 'Audit Trail', page: P.AdminAudit },
          { path: 'classes', title: 'Classes and Teachers', page: P.AdminClasses },
          { path: 'classes/:id', title: 'Class', numeric: ['id'], page: P.AdminClass },
          { path: 'codes/print', title: 'Print Codes', page: P.AdminCodeSheet },
          { path: 'roster', title: 'Roster Upload', page: P.AdminRoster },
          { path: 'settings', title: 'School Settings', page: P.AdminSettings },
          { path: 'sign-in', title: 'School Sign-In', page: P.AdminSignIn },
        ],
      },
      { path: 'about', title: 'About Cashwise', requiresAuth: PUBLIC, skeleton: 'article', page: P.About },
      { path: 'terms', title: 'Terms of Use', requiresAuth: PUBLIC, skeleton: 'article', page: P.Terms },
      { path: 'privacy', title: 'Privacy Policy', requiresAuth: PUBLIC, skeleton: 'article', page: P.Privacy },
      {
        path: 'profile',
        skeleton: 'form',
        children: [
          { index: true, title: 'Profile', page: P.Account },
          { path: 'access-codes', title: 'Access Codes', skeleton: 'rows', page: P.AccessCodes },
          { path: 'edit', title: 'Edit Profile', page: P.EditProfile },
          { path: 'password', title: 'Change Password', page: P.ChangePassword },
          { path: 'externalid/:productid', title: 'External ID', page: P.ExternalId },
          { path: 'code', title: 'Add Access Code', page: P.AddAccessCode },
        ],
      },
    ],
  },
];

const recordSteps: AppRoute[] = [
  { index: true, title: 'Your Name', page: P.RecordName },
  { path: 'name', title: 'Your Name', page: P.RecordName },
  { path: 'externalid', title: 'External ID', page: P.RecordExternalId },
  { path: 'terms', title: 'Accept Terms', page: P.RecordTerms },
  { path: 'verify', title: 'Verify Email', page: P.RecordVerify },
  { path: 'verify/:otid', title: 'Verify Email', numeric: ['otid'], page: P.RecordVerifyCode },
  { path: 'username', title: 'Choose a User Name', page: P.RecordUsername },
  { path: 'password', title: 'Choose a Password', page: P.RecordPassword },
];

/** SPEC §2: `/` is an alias of /app (the same subtree). */
const aliasRoute: AppRoute = { path: '/', title: 'Intro', requiresAuth: AUTH, children: appChildren };

export const routeTable: AppRoute[] = [
  // SPEC §2: /app (alias /) requires auth, no layout wrapper, title Intro.
  { path: '/app', title: 'Intro', requiresAuth: AUTH, children: appChildren },
  aliasRoute,
  { layout: 'public', requiresAuth: AUTH, children: [{ path: '/intro', title: 'Intro', page: P.Intro }] },
  {
    layout: 'public',
    requiresAuth: PUBLIC,
    children: [
      { path: '/help', title: 'Help', page: P.Help },
      { path: '/terms-of-use', title: 'Terms of Use', page: P.Terms },
      { path: '/privacy-policy', title: 'Privacy Policy', page: P.Privacy },
      { path: '/about-us', title: 'About Cashwise', page: P.About },
      { path: '/login', title: 'Sign In', page: P.Login },
      { path: '/login/school', title: 'School Sign-In', page: P.SchoolSignIn },
      { path: '/password/reset/:code', title: 'Reset Password', page: P.ResetPassword },
      { path: '/password', title: 'Forgot Password', page: P.ForgotPassword },
      { path: '/signout', title: 'Signing Out', page: P.SignOut },
      { path: '/certificates/:code', title: 'Certificate', page: P.Certificate },
      {
        path: '/register',
        title: 'Register',
        children: [
          { index: true, page: P.RegisterCode },
          { path: 'code', page: P.RegisterCode },
          { path: 'email', page: P.RegisterCode },
          {
            path: ':id',
            numeric: ['id'],
            title: 'Invitation',
            children: [
              { index: true, page: P.InvitationEmail },
              { path: 'email', page: P.InvitationEmail },
              { path: 'record/:rid', numeric: ['rid'], children: recordSteps },
            ],
          },
        ],
      },
      { path: '*', title: NOT_FOUND_TITLE, page: P.NotFound },
    ],
  },
];

// --- Conversion to react-router ------------------------------------------------------------------------
/**
 * Lazy pages use the data router's `lazy`: the old page stays on screen until the new page's chunk is
 * in, then address, title and page change together (no spinner flash, no moment without an h1).
 */
function toRouteObject(route: AppRoute, inheritedSkeleton: SkeletonKind = 'rows'): RouteObject {
  const handle: RouteHandle = {};
  if (route.title !== undefined) handle.title = route.title;
  if (route.requiresAuth !== undefined) handle.requiresAuth = route.requiresAuth;
  if (route.numeric) handle.numeric = route.numeric;
  if (route.skeleton !== undefined) handle.skeleton = route.skeleton;
  const skeleton = route.skeleton ?? inheritedSkeleton;
  const page = route.page;
  const view: Pick<RouteObject, 'element' | 'lazy' | 'Component'> =
    route.layout === 'shell'
      ? { lazy: async () => ({ Component: await orFailedLoad(loadShell, skeleton, ShellFailedFrame) }) }
      : route.layout === 'public'
        ? { element: <PublicLayout /> }
        : route.access && !page
          ? { element: <RequirePermission workspace={route.access}><Outlet /></RequirePermission> }
          : page && isLazy(page)
          ? { lazy: async () => ({ Component: await orFailedLoad(() => loadInItsOwnTask(page), skeleton) }) }
          : page
            ? { Component: page }
            : { element: <Outlet /> };
  // a page that fails to render (a part of it whose code did not arrive, an answer of the wrong
  // shape) fails in its own place: the shell, its navigation, the session-expiry dialog and sign-out
  // stay (the root's error element would replace them all)
  const failure: Pick<RouteObject, 'errorElement'> = page ? { errorElement: <PageError /> } : {};
  const data: Pick<RouteObject, 'loader'> = route.loader ? { loader: route.loader } : {};
  if (route.index) return { index: true, handle, ...view, ...failure, ...data } as RouteObject;
  return { path: route.path, handle, ...view, ...failure, ...data, children: route.children?.map((child) => toRouteObject(child, skeleton)) } as RouteObject;
}

const loadShell = async (): Promise<ComponentType> => (await shell()).AppShell;

/** The signed-in shell's code did not arrive: the failure in the plain frame of the public pages. */
function ShellFailedFrame({ children }: { children: ReactNode }) {
  return <PublicLayout>{children}</PublicLayout>;
}

/**
 * A route's component, or where its code did not arrive the failure in the page's frame
 * (PageLoadFailed.tsx): the router keeps a failed `lazy` for good and would put the failure in place
 * of the whole app, shell and session-expiry dialog included.
 */
async function orFailedLoad(load: () => Promise<ComponentType>, skeleton: SkeletonKind, frame?: ComponentType<{ children: ReactNode }>): Promise<ComponentType> {
  try {
    return await load();
  } catch (error) {
    return pageAfterFailedLoad(load, error, skeleton, frame);
  }
}

/** The root of the data router (root layout with guard, title and scroll) around `children`. */
function rootRoute(children: RouteObject[]): RouteObject {
  return {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children,
  };
}

/** The table's routes, converted once; the app's router and the whole table share them. */
const tableRoutes = routeTable.map((route) => toRouteObject(route));
/**
 * The whole table as data routes (root layout, then the table): what tests, tools and the build's
 * prerender match against. The app's router starts with part of it (appRouterOptions below) and
 * lands on the same pages.
 */
export const routes: RouteObject[] = [/*#__PURE__*/ rootRoute(tableRoutes)];

/**
 * The first path segments a list of routes answers: '' for `/` (an index, or a route whose path is
 * `/`), '*' for a catch-all; pathless layouts and `/` are looked through to their children.
 */
function firstSegments(table: readonly AppRoute[]): Set<string> {
  const segments = new Set<string>();
  for (const route of table) {
    const path = route.path?.replace(/^\//, '');
    if (route.index) segments.add('');
    else if (path === undefined || path === '') {
      if (path === '') segments.add('');
      for (const segment of firstSegments(route.children ?? [])) segments.add(segment);
    } else segments.add(path.split('/')[0]!);
  }
  return segments;
}

/** The table's top-level routes (converted) with the first path segments each answers. */
const subtrees = routeTable.map((route, index) => ({ route: tableRoutes[index]!, segments: firstSegments([route]) }));

/**
 * The app's router starts with only the part of the table its first address needs (TBT):
 * the router flattens and ranks every route it has when it is created, in one of the start-up's
 * long tasks, and the table is large. It starts with the top-level routes that answer the address's
 * first path segment, and always with the public layout, whose catch-all `*` makes every other
 * address match with a parameter. react-router then asks `patchRoutesOnNavigation` before it settles
 * for such a match (its lazy route discovery), and the routes that answer the new address's first
 * segment are added, each once, and matched again: the same page as with the whole table. So
 * `/login` starts without the /app subtree (44 routes) and without the `/` alias, which repeats it.
 */
export function appRouterOptions(initialPath: string): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const added = new Set<RouteObject>();
  const missingFor = (path: string) => {
    const first = path.split('/')[1] ?? '';
    return subtrees.filter(({ route, segments }) => !added.has(route) && (segments.has(first) || segments.has('*'))).map(({ route }) => route);
  };
  const initial = missingFor(initialPath);
  initial.forEach((route) => added.add(route));
  return {
    routes: [rootRoute(initial)],
    patchRoutesOnNavigation: ({ path, patch }) => {
      const missing = missingFor(path);
      if (missing.length === 0) return;
      missing.forEach((route) => added.add(route));
      patch('root', missing);
    },
  };
}

/**
 * Asks for the chunks of the routes that answer `pathname` (their `lazy`) ahead of the router. Each
 * chunk is a script element appended to the document, about a millisecond each on a slow phone, and
 * the signed-in catalog needs a dozen; matching the address against the whole table takes a few
 * more. Done here, the matching and then each route's requests in a task of their own, they are no
 * longer part of the router's first task, the longest of the app's start (TBT). The
 * router's own `lazy` calls then find the same chunks on their way (webpack loads a chunk once). A
 * chunk that fails is the router's to report, not this call's.
 */
export async function requestRouteChunks(pathname: string, table: RouteObject[] = routes): Promise<void> {
  const lazy = (matchRoutes(table, pathname) ?? []).map(({ route }) => route.lazy).filter((load) => typeof load === 'function');
  for (const load of lazy) {
    await nextTask();
    load().catch(() => undefined);
  }
}

/** Title, requiresAuth and not-found for an address, without rendering (used by tests and tools). */
export function resolveRoute(pathname: string): RouteMeta {
  const matches = matchRoutes(routes, pathname) ?? [];
  return routeMeta(matches.map((m) => ({ handle: m.route.handle, params: m.params })));
}

/** A render error in a page never leaves a blank screen; the error is reported (lib/errorLog). */
function RouteError() {
  const error = useRouteError();
  useEffect(() => reportClientError(error), [error]);
  // in place of the root layout: the expiry warning (WCAG 2.2.1) must still come
  return (
    <>
      <SessionExpiryDialogWhenDue />
      <PublicLayout>
        <ErrorPage />
      </PublicLayout>
    </>
  );
}

/** A page's own error element: the error page in the page's place, inside its layout. */
function PageError() {
  const error = useRouteError();
  useEffect(() => reportClientError(error), [error]);
  return <ErrorPage />;
}
