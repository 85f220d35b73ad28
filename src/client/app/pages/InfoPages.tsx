/** /about-us, /terms-of-use, /privacy-policy and their /app aliases: public, written content. */
import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME, VERSION } from '../../../common/constants';
import { SUPPORT_HOURS_NOTE } from '../../../common/support';
import { PageFrame } from '../../ui/PageFrame';

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </section>
  );
}

const P = ({ children }: { children: ReactNode }) => <Typography sx={{ mb: 1.5 }}>{children}</Typography>;

const Bullets = ({ children }: { children: ReactNode }) => (
  <Typography component="ul" sx={{ pl: 3, mb: 1.5 }}>
    {children}
  </Typography>
);

/** Where questions go: the Help page, and when someone answers there. */
const HelpWithHours = () => (
  <>
    <Link component={RouterLink} to="/help">
      Help
    </Link>{' '}
    ({SUPPORT_HOURS_NOTE})
  </>
);

export function AboutPage() {
  return (
    <PageFrame title={`About ${PRODUCT_NAME}`} maxWidth={760}>
      <P>
        {PRODUCT_NAME} is a financial-literacy course for students. Schools give their learners short, practical
        modules about earning, spending, saving, borrowing and protecting money, and tools to practise with.
      </P>
      <Section heading="Our mission">
        <P>
          Every student should leave school able to make a budget, understand a pay stub, compare a loan and spot a
          scam. We write lessons in plain language, keep them short enough for one class period, and let learners
          come back to the knowledge base whenever a real decision comes up.
        </P>
      </Section>
      <Section heading="What you will find">
        <Bullets>
          <li>A catalog of modules, each with materials, sections and a short review.</li>
          <li>A knowledge base of articles on everyday money topics.</li>
          <li>A budget wizard that walks you through a first budget, and printable worksheets.</li>
          <li>An activity area with your transcript, bookmarks and saved budgets.</li>
        </Bullets>
      </Section>
      <Section heading="Built for shared school computers">
        <P>
          {PRODUCT_NAME} works on Chromebooks and phones. Sessions end after 30 minutes without activity so the next
          student on the same computer never sees your work.
        </P>
      </Section>
      <Section heading="Version">
        <P>
          You are using {PRODUCT_NAME} version <strong>{VERSION}</strong>.
        </P>
      </Section>
    </PageFrame>
  );
}

export function TermsPage() {
  return (
    <PageFrame title="Terms of Use" maxWidth={760}>
      <P>
        These terms apply to everyone who uses {PRODUCT_NAME}. Your school agreed to them on your behalf; by signing
        in you agree to follow them too.
      </P>
      <Section heading="Your account">
        <Bullets>
          <li>Your account is for you alone. Do not share your password or sign in as someone else.</li>
          <li>On a shared computer, always sign out when you finish.</li>
          <li>If you think someone knows your password, change it from your profile and tell your teacher.</li>
        </Bullets>
      </Section>
      <Section heading="Acceptable use">
        <Bullets>
          <li>Use {PRODUCT_NAME} for learning, as your school's rules for computers and the internet describe.</li>
          <li>Be respectful in anything you write, including support requests.</li>
          <li>Do not try to get into other people's accounts or data, or to break or overload the service.</li>
          <li>Do not copy the course content to sell or publish it elsewhere.</li>
        </Bullets>
      </Section>
      <Section heading="Learning content, not financial advice">
        <P>
          The lessons, articles, budget wizard and worksheets teach general ideas. They are not personal financial,
          legal or tax advice. For decisions about your own money, talk to a trusted adult or a qualified advisor.
        </P>
      </Section>
      <Section heading="Changes and suspension">
        <P>
          We may update {PRODUCT_NAME} and these terms. Your school may suspend an account that breaks these rules.
        </P>
      </Section>
      <Section heading="Questions">
        <P>
          Ask your teacher, or contact us through{' '}
          <HelpWithHours />.
        </P>
      </Section>
    </PageFrame>
  );
}

export function PrivacyPage() {
  return (
    <PageFrame title="Privacy Policy" maxWidth={760}>
      <P>
        {PRODUCT_NAME} is used by students, so we collect as little as we can and use it only to run the course for
        your school.
      </P>
      <Section heading="What we store">
        <Bullets>
          <li>Your account: first and last name, user name, e-mail address, time zone and the school(s) you belong to.</li>
          <li>Your learning: progress through modules, review results, bookmarks, budgets and worksheets you save.</li>
          <li>Support requests you send us, with the page address and browser details needed to help you.</li>
          <li>
            On this computer, your browser keeps your sign-in session until you sign out or it expires. Signing out
            removes it.
          </li>
        </Bullets>
      </Section>
      <Section heading="Session recordings and support">
        <P>
          {PRODUCT_NAME} sends no recording unless you ask it to. While you are signed in, this browser tab keeps
          its last minute (the pages, clicks and scrolling, never what you type into boxes or your password) in
          its memory only, so that a request for help can show what happened just before; each new second
          replaces the oldest, nothing is saved on the computer, and signing out deletes it. Your school can
          turn this off. When you ask for help, you may tick &ldquo;Attach a recording of my screen&rdquo;: that
          minute, and the tab from then until you send your request, go with it. If you do not tick the box,
          nothing leaves your tab. Recordings are watched only by our support team, to understand and solve the
          problem you reported, and are never used for advertising.
        </P>
      </Section>
      <Section heading="Who can see your data">
        <P>
          You, the staff your school authorises, and our support team when helping with a request. We do not sell
          data and we do not show advertising.
        </P>
      </Section>
      <Section heading="How long we keep it">
        <P>
          Learning records are kept while your school uses {PRODUCT_NAME} and deleted when the school asks or within
          one year after its subscription ends. Session recordings are deleted after 30 days, or sooner. Support requests
          are kept so we can follow them up, until you or your school ask us to delete them.
        </P>
      </Section>
      <Section heading="Your choices and contact">
        <P>
          You or a parent or guardian can ask your school to see, correct or delete your data. Questions about privacy
          can be sent through{' '}
          <HelpWithHours />.
        </P>
      </Section>
    </PageFrame>
  );
}
