// Spec §8: Internet Explorer cannot run the app; say so in the browser's language. A file, not an inline
// script, so the Content-Security-Policy can forbid inline scripts; ES3 on purpose (IE parses no
// arrows; old ones no trailing commas), which biome.json keeps for this file.
(function () {
  var ua = navigator.userAgent;
  if (!/MSIE |Trident\//.test(ua)) return;
  var messages = {
    en: 'Browser Outdated. Please update to continue.',
    pt: 'Navegador desatualizado. Atualize-o para continuar.',
    es: 'Navegador obsoleto. Actualízalo para continuar.',
    fr: 'Navigateur obsolète. Veuillez le mettre à jour pour continuer.'
  };
  var lang = String(navigator.userLanguage || navigator.language || 'en')
    .slice(0, 2)
    .toLowerCase();
  alert(messages[lang] || messages.en);
})();
