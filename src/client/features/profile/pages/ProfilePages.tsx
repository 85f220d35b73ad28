/** /app/profile (SPEC §2): account, access-codes, edit, password, externalid/{productid} and code (add access code: join a class with its class code). */
import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import * as yup from 'yup';
import {
  ACCOUNT_MESSAGES,
  changePasswordSchema,
  externalIdField,
  formatAccessCode,
  isValidTimezone,
  profileSchema,
  verificationCodeSchema,
  withConfirmation,
} from '../../../../common/accounts';
import { sameClientId } from '../../../../common/clients';
import { DEFAULT_TIMEZONE } from '../../../../common/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { fieldProps, markChanged, shownError } from '../../../ui/formikField';
import { PageFrame } from '../../../ui/PageFrame';
import { PageLoading } from '../../../ui/PageLoading';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { AccessCodeField, useAccessCodeFormik } from '../../../ui/AccessCodeField';
import { FormStack } from '../../../ui/FormStack';
import { NewPasswordFields } from '../../../ui/NewPasswordFields';
import { FoldedLines, TableFrame, cellFromSm } from '../../../ui/TableFrame';
import { selectClients, selectCurrentSchool, selectMustChangePassword, selectUser, selectTimeZone } from '../../auth';
import { selectPasswordChange, passwordChangeRequested, passwordArea, passwordCatalog, useStrengthWords } from '../../password';
import { RosterEmailNotice } from '../components/RosterEmailNotice';
import { SchoolSignInLinks } from '../components/SchoolSignInLinks';
import { TimezoneField } from '../components/TimezoneField';
import { selectProductById, selectProfile, selectRedeemedCodes } from '../selectors';
import {
  accessCodeAddRequested,
  accessCodesRequested,
  emailCodeSubmitted,
  externalIdSaveRequested,
  profileFormReset,
  profileRequested,
  profileSaveRequested,
} from '../slice';
import { registerArea } from '../../../app/areas';
import { formatDate } from '../../../i18n';
import { loadCatalogs, useT } from '../../../i18n/features';
import { profileArea } from '../area';
import { catalog } from '../messages/compiled/catalog';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(profileArea);
registerArea(passwordArea);

/**
 * These pages' words in the language spoken, which the route table awaits before it renders one (the
 * password change's notice and strength meter are the password feature's).
 */
export const ready = () => loadCatalogs([catalog, passwordCatalog]);

const TABS = [
  { value: '', label: 'profile.tab.account' },
  { value: 'edit', label: 'profile.title.edit' },
  { value: 'password', label: 'profile.tab.password' },
  { value: 'access-codes', label: 'profile.title.accessCodes' },
] as const;

/** The day a code was added, mm/dd/yy in English as every date (SPEC §9), in the person's time zone. */
function dayAdded(at: string | number | Date, timeZone: string): string {
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime())) return '';
  return formatDate(moment, { month: '2-digit', day: '2-digit', year: '2-digit', timeZone: isValidTimezone(timeZone) ? timeZone : DEFAULT_TIMEZONE });
}

function ProfileFrame({ title, children }: { title: string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const t = useT(catalog);
  const rest = pathname.replace(/^\/(app\/)?profile\/?/, '').split('/')[0] ?? '';
  const value = TABS.some((tab) => tab.value === rest) ? rest : false;
  return (
    <PageFrame title={title} crumbs={[{ label: t('profile.crumb.home'), to: '/app' }, { label: t('profile.title') }]}>
      <Tabs value={value} aria-label={t('profile.tabs')} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={t(tab.label)} component={RouterLink} to={`/app/profile${tab.value ? `/${tab.value}` : ''}`} />
        ))}
      </Tabs>
      {children}
    </PageFrame>
  );
}

/** Loads the profile (products, pending e-mail) when a page needs it; clears one-off messages on leaving. */
function useProfile() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(profileRequested());
    return () => {
      dispatch(profileFormReset());
    };
  }, [dispatch]);
  return useAppSelector(selectProfile);
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="subtitle2">
        {label}
      </Typography>
      <Typography component="dd" sx={{ ml: 0, mb: 1.5 }}>
        {children}
      </Typography>
    </>
  );
}

export function AccountPage() {
  const user = useAppSelector(selectUser);
  const clients = useAppSelector(selectClients);
  const school = useAppSelector(selectCurrentSchool);
  const profile = useProfile();
  const dispatch = useAppDispatch();
  const t = useT(catalog);
  return (
    <ProfileFrame title={t('profile.title')}>
      {profile.load.status === 'failed' && (
        // the name and schools below come from the session; courses and a pending e-mail need the service
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => dispatch(profileRequested())}>
              {t('profile.tryAgain')}
            </Button>
          }
        >
          {profile.load.error?.message}
        </Alert>
      )}
      {/* the school's address, and the code it was sent once the learner chose to use it */}
      <RosterEmailNotice />
      <EmailCodeForm />
      {user && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="dl" sx={{ m: 0 }}>
            <Field label={t('profile.account.name')}>{`${user.firstName} ${user.lastName}`}</Field>
            <Field label={t('profile.account.userName')}>{user.userName}</Field>
            <Field label={t('profile.account.email')}>
              {user.userEmail}
              {profile.pendingEmail && t('profile.account.pendingEmail', { email: profile.pendingEmail })}
            </Field>
            <Field label={t('profile.account.timeZone')}>{user.timezone || DEFAULT_TIMEZONE}</Field>
          </Box>
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            {t('profile.account.schools')}
          </Typography>
          <List dense aria-label={t('profile.account.yourSchools')}>
            {clients.map((client) => {
              const current = school !== null && sameClientId(client.lsclientID, school.lsclientID);
              return (
                <ListItem key={client.lsclientID} aria-current={current ? 'true' : undefined}>
                  <ListItemText primary={client.clientName} />
                  {current && <Chip label={t('profile.account.currentSchool')} color="primary" size="small" />}
                </ListItem>
              );
            })}
          </List>
          {profile.products.length > 0 && (
            <>
              <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
                {t('profile.account.courses')}
              </Typography>
              <List dense aria-label={t('profile.account.yourCourses')}>
                {profile.products.map((p) => (
                  <ListItem key={`${p.productId}:${p.lsclientID}`}>
                    <ListItemText
                      primary={`${p.productName} · ${p.schoolName}`}
                      secondary={
                        p.requiresExternalId || p.externalId
                          ? t('profile.account.externalIdValue', { label: p.externalIdLabel ?? t('profile.account.externalId'), value: p.externalId ?? t('profile.account.notSet') })
                          : undefined
                      }
                    />
                    {(p.requiresExternalId || p.externalId) && (
                      <Link component={RouterLink} to={`/app/profile/externalid/${p.productId}?school=${encodeURIComponent(p.lsclientID)}`}>
                        {p.externalIdLabel ? t('profile.account.setExternalId', { label: p.externalIdLabel }) : t('profile.account.setExternalIdDefault')}
                      </Link>
                    )}
                  </ListItem>
                ))}
              </List>
            </>
          )}
          <SchoolSignInLinks />
          <Stack direction="row" useFlexGap spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/app/profile/edit" variant="outlined">
              {t('profile.account.edit')}
            </Button>
            <Button component={RouterLink} to="/app/profile/code" variant="outlined">
              {t('profile.joinClass')}
            </Button>
          </Stack>
        </Paper>
      )}
    </ProfileFrame>
  );
}

/**
 * The pending e-mail change: its code form while a code is outstanding (this panel, with the address,
 * is what tells the learner a code was sent), then the server's confirmation once it is entered.
 */
function EmailCodeForm() {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const t = useT(catalog);
  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema: verificationCodeSchema,
    onSubmit: (values) => {
      dispatch(emailCodeSubmitted({ code: values.code.trim() }));
    },
  });
  if (!profile.pendingEmail) return profile.emailCode.status === 'succeeded' ? <RequestAlerts error={null} message={profile.emailCode.message} /> : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography sx={{ mb: 2 }}>{t('profile.emailCode.sent', { email: profile.pendingEmail })}</Typography>
      <RequestAlerts error={profile.emailCode.error} />
      <FormStack label={t('profile.emailCode.form')} onSubmit={formik.handleSubmit} direction={{ xs: 'column', sm: 'row' }}>
        <TextField {...fieldProps(formik, 'code')} label={t('profile.emailCode.code')} autoComplete="one-time-code" required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }} />
        <Button type="submit" variant="contained" disabled={profile.emailCode.status === 'pending'}>
          {t('profile.emailCode.confirm')}
        </Button>
      </FormStack>
    </Paper>
  );
}

export function EditProfilePage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const profile = useProfile();
  const t = useT(catalog);
  const formik = useFormik({
    enableReinitialize: true,
    initialValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: profile.pendingEmail ?? user?.userEmail ?? '',
      timezone: user?.timezone || DEFAULT_TIMEZONE,
    },
    validationSchema: profileSchema,
    onSubmit: (values) => {
      dispatch(profileSaveRequested({ ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() }));
    },
  });
  return (
    <ProfileFrame title={t('profile.title.edit')}>
      <EmailCodeForm />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {/* while a code is outstanding, the code panel above says so (with the address): not twice */}
        <RequestAlerts error={profile.save.error} message={profile.pendingEmail ? null : profile.save.message} />
        <FormStack label={t('profile.edit.form')} onSubmit={formik.handleSubmit}>
          <TextField {...fieldProps(formik, 'firstName')} label={t('profile.edit.firstName')} autoComplete="given-name" required fullWidth />
          <TextField {...fieldProps(formik, 'lastName')} label={t('profile.edit.lastName')} autoComplete="family-name" required fullWidth />
          <TextField
            {...fieldProps(formik, 'email')}
            label={t('profile.account.email')}
            type="email"
            autoComplete="email"
            required
            fullWidth
            helperText={shownError(formik, 'email') ?? t('profile.edit.emailHelp')}
          />
          <TimezoneField
            value={formik.values.timezone}
            onChange={(value) => {
              markChanged(formik, 'timezone');
              void formik.setFieldValue('timezone', value);
            }}
            onBlur={() => void formik.setFieldTouched('timezone', true)}
            error={shownError(formik, 'timezone')}
            label={t('profile.timeZone')}
          />
          <Button type="submit" variant="contained" disabled={profile.save.status === 'pending'}>
            {t('profile.save')}
          </Button>
        </FormStack>
      </Paper>
    </ProfileFrame>
  );
}

export function ChangePasswordPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const change = useAppSelector(selectPasswordChange);
  const temporary = useAppSelector(selectMustChangePassword);
  const t = useT(catalog);
  const strengthWords = useStrengthWords();
  const formik = useFormik({
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validationSchema: withConfirmation(changePasswordSchema, 'newPassword', ACCOUNT_MESSAGES.newConfirmRequired),
    onSubmit: (values, helpers) => {
      dispatch(passwordChangeRequested({ currentPassword: values.currentPassword, newPassword: values.newPassword }));
      helpers.setSubmitting(false);
    },
  });
  useEffect(() => {
    if (change.status === 'succeeded') formik.resetForm();
    // only when a change succeeds
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [change.status]);
  return (
    <ProfileFrame title={t('profile.title.password')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {temporary && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('profile.password.temporary')}
          </Alert>
        )}
        <Typography sx={{ mb: 2 }}>{t('profile.password.intro')}</Typography>
        <RequestAlerts error={change.error} message={change.message} />
        <FormStack label={t('profile.password.form')} onSubmit={formik.handleSubmit}>
          {user && <input type="hidden" autoComplete="username" value={user.userName} readOnly />}
          <TextField {...fieldProps(formik, 'currentPassword')} label={t('profile.password.current')} type="password" autoComplete="current-password" required fullWidth />
          <NewPasswordFields formik={formik} name="newPassword" label={t('profile.password.new')} confirmLabel={t('profile.password.confirm')} strengthWords={strengthWords} userName={user?.userName} />
          <Button type="submit" variant="contained" disabled={change.status === 'pending'}>
            {t('profile.password.submit')}
          </Button>
        </FormStack>
      </Paper>
    </ProfileFrame>
  );
}

export function AccessCodesPage() {
  const dispatch = useAppDispatch();
  const codes = useAppSelector(selectRedeemedCodes);
  const timeZone = useAppSelector(selectTimeZone);
  const t = useT(catalog);
  useEffect(() => {
    dispatch(accessCodesRequested());
  }, [dispatch]);
  return (
    <ProfileFrame title={t('profile.title.accessCodes')}>
      <RequestAlerts error={codes.error} />
      {codes.status === 'pending' && codes.items.length === 0 ? (
        <PageLoading />
      ) : codes.items.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{t('profile.codes.none')}</Typography>
      ) : (
        // on a phone, two columns: the course and the day it was added go under the school
        <TableFrame label={t('profile.codes.table')} sx={{ mb: 2 }}>
          <Table size="small" aria-label={t('profile.codes.table')}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('profile.codes.code')}</TableCell>
                <TableCell scope="col">{t('profile.codes.school')}</TableCell>
                <TableCell scope="col" sx={cellFromSm}>
                  {t('profile.codes.course')}
                </TableCell>
                <TableCell scope="col" sx={cellFromSm}>
                  {t('profile.codes.added')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {codes.items.map((c) => {
                const added = dayAdded(c.redeemedAt, timeZone);
                return (
                  <TableRow key={c.code}>
                    <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {formatAccessCode(c.code)}
                    </TableCell>
                    <TableCell>
                      {c.schoolName}
                      <FoldedLines lines={[c.productName, t('profile.codes.addedOn', { date: added })]} />
                    </TableCell>
                    <TableCell sx={cellFromSm}>{c.productName}</TableCell>
                    <TableCell sx={cellFromSm}>{added}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableFrame>
      )}
      <Button component={RouterLink} to="/app/profile/code" variant="contained">
        {t('profile.joinClass')}
      </Button>
    </ProfileFrame>
  );
}

export function ExternalIdPage() {
  const dispatch = useAppDispatch();
  const { productid = '' } = useParams();
  const productId = Number(productid);
  const [search] = useSearchParams();
  const school = search.get('school');
  const profile = useProfile();
  const product = useAppSelector((state) => selectProductById(state, productId, school));
  const t = useT(catalog);
  const label = product?.externalIdLabel ?? t('profile.account.externalId');
  // "Student ID is required": named as the school names it
  const schema = useMemo(() => yup.object({ externalId: externalIdField(label) }), [label]);
  const formik = useFormik({
    enableReinitialize: true,
    initialValues: { externalId: product?.externalId ?? '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(externalIdSaveRequested({ productId, lsclientID: product?.lsclientID ?? school, externalId: values.externalId.trim() }));
    },
  });
  let content;
  if (profile.load.status !== 'succeeded' && !product) content = profile.load.status === 'failed' ? <Alert severity="error">{profile.load.error?.message}</Alert> : <PageLoading />;
  else if (!product) content = <Alert severity="warning">{t('profile.externalId.notYours')}</Alert>;
  else {
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>{t('profile.externalId.course', { product: product.productName, school: product.schoolName })}</Typography>
        <RequestAlerts error={profile.externalId.error} message={profile.externalId.message} />
        <FormStack label={label} onSubmit={formik.handleSubmit}>
          <TextField {...fieldProps(formik, 'externalId')} label={label} autoComplete="off" required fullWidth />
          <Button type="submit" variant="contained" disabled={profile.externalId.status === 'pending'}>
            {t('profile.save')}
          </Button>
        </FormStack>
      </Paper>
    );
  }
  return <ProfileFrame title={t('profile.title.externalId')}>{content}</ProfileFrame>;
}

export function AddAccessCodePage() {
  const dispatch = useAppDispatch();
  const profile = useProfile();
  const formik = useAccessCodeFormik((code) => dispatch(accessCodeAddRequested({ code })));
  const t = useT(catalog);
  useEffect(() => {
    if (profile.addCode.status === 'succeeded') formik.resetForm();
    // only when a code was added
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.addCode.status]);
  return (
    <ProfileFrame title={t('profile.title.addCode')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>{t('profile.addCode.intro')}</Typography>
        <RequestAlerts error={profile.addCode.error} message={profile.addCode.message} />
        <FormStack label={t('profile.joinClass')} onSubmit={formik.handleSubmit} direction={{ xs: 'column', sm: 'row' }}>
          <AccessCodeField formik={formik} autoFocus label={t('profile.addCode.label')} help={t('profile.addCode.help')} />
          <Button type="submit" variant="contained" disabled={profile.addCode.status === 'pending'} sx={{ flexShrink: 0 }}>
            {t('profile.addCode.join')}
          </Button>
        </FormStack>
        <Typography sx={{ mt: 2 }}>
          <Link component={RouterLink} to="/app/profile/access-codes">
            {t('profile.addCode.seeCodes')}
          </Link>
        </Typography>
      </Paper>
    </ProfileFrame>
  );
}
