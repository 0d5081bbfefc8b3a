import { ContactPageLink, LegalPage } from '../components/static/static-page';
import { siteName } from '../lib/site';

/** Privacy Policy: username, optional email, encrypted password; not for anyone under 13. */
export function PrivacyPage() {
  const name = siteName();
  return (
    <LegalPage title="Privacy Policy">
      <section>
        <h2>1. What we collect</h2>
        <ul>
          <li>Your username.</li>
          <li>Your email address, if you choose to give one (it is optional).</li>
          <li>Your password, stored only in encrypted (hashed) form; we never see or store it in plain text.</li>
          <li>The projects, votes, ratings, reports and messages you submit.</li>
          <li>
            Your network address, to count one vote and one view per visitor and to protect the service from abuse.
          </li>
        </ul>
      </section>
      <section>
        <h2>2. How we use it</h2>
        <p>
          We use this information to run {name}: to sign you in, show your projects and profile, count votes and
          ratings, deliver messages and, if you gave an email address, send you copies of messages you asked for.
        </p>
      </section>
      <section>
        <h2>3. Cookies</h2>
        <p>We use one session cookie to keep you signed in. We do not use advertising or tracking cookies.</p>
      </section>
      <section>
        <h2>4. Sharing</h2>
        <p>
          We do not sell your information. Your username and your projects are public; your email address is never shown
          to other members.
        </p>
      </section>
      <section>
        <h2>5. Children</h2>
        <p>
          The service is not directed to anyone under 13, and we do not knowingly collect information from children
          under 13.
        </p>
      </section>
      <section>
        <h2>6. Contact</h2>
        <p>
          To ask about or delete your data, use the <ContactPageLink />.
        </p>
      </section>
    </LegalPage>
  );
}
