/** The Contact page's meta description (the page and the server's head both use it). */
export const CONTACT_DESCRIPTION = 'Contact the administrators: send a platform message or an email.';
