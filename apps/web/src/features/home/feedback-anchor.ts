/** The id of the home's feedback form: the privacy page links to `/#comentarios` to reach it. */
export const FEEDBACK_FORM_ID = 'comentarios';
