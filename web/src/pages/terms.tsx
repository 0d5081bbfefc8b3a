import { ContactPageLink, LegalPage } from '../components/static/static-page';
import { siteName } from '../lib/site';

/** Terms of Service: last updated April 26, 2025; 30 days notice; removal after credible reports. */
export function TermsPage() {
  const name = siteName();
  return (
    <LegalPage title="Terms of Service">
      <section>
        <h2>1. Acceptance of these terms</h2>
        <p>By using {name} you agree to these Terms of Service. If you do not agree, please do not use the service.</p>
      </section>
      <section>
        <h2>2. Accounts</h2>
        <p>
          You are responsible for your account and for keeping your password safe. Accounts that break these terms may
          be paused or removed by the administrators.
        </p>
      </section>
      <section>
        <h2>3. Your content</h2>
        <p>
          You keep the rights to the projects you submit. By submitting a project you allow {name} to show its title,
          description, link and a preview of it on the site. Only submit projects you have the right to share.
        </p>
      </section>
      <section>
        <h2>4. Acceptable use</h2>
        <ul>
          <li>No spam, offensive, inappropriate or infringing content.</li>
          <li>No attempts to manipulate votes or ratings.</li>
          <li>No attacks on the service or on other members.</li>
        </ul>
      </section>
      <section>
        <h2>5. Moderation</h2>
        <p>
          Members can report content. Content may be removed or hidden after multiple credible reports, and
          administrators may remove or hide any content that breaks these terms.
        </p>
      </section>
      <section>
        <h2>6. Changes to these terms</h2>
        <p>We will give at least 30 days notice before material changes to these terms take effect.</p>
      </section>
      <section>
        <h2>7. Governing law</h2>
        <p>
          These terms are governed by the laws of [Jurisdiction], without regard to its conflict of law provisions. This
          placeholder will be replaced with the governing jurisdiction.
        </p>
      </section>
      <section>
        <h2>8. Contact</h2>
        <p>
          Questions about these terms? Use the <ContactPageLink />.
        </p>
      </section>
    </LegalPage>
  );
}
