// The web fonts the editor offers (WEB_FONT_FAMILIES), bundled with the editor so the canvas shows the
// page in the font the merchant picked, as the published page does (it loads the same files from
// `/_fw/fonts/`). @font-face only: a browser downloads a file when text uses its family and range.
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/700.css';
import '@fontsource/open-sans/400.css';
import '@fontsource/open-sans/700.css';
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/700.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/700.css';
