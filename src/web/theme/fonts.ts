// Fonts are bundled with the app (no runtime downloads): four primary families
// (section 2's font setting) and the condensed secondary face for headings.
import '@fontsource-variable/public-sans';
import '@fontsource-variable/inter';
import '@fontsource-variable/dm-sans';
import '@fontsource-variable/nunito-sans';
import '@fontsource/barlow/600.css';
import '@fontsource/barlow/700.css';
import '@fontsource/barlow/800.css';
