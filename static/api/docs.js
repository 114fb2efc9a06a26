// Draws the API page from the app's own OpenAPI document. validatorUrl: null, or Swagger UI would
// send the document to swagger.io's online validator: nothing here may leave the room's network.
// deepLinking: false, or each operation's summary button holds a link, two controls in one that
// keyboards and screen readers cannot tell apart (axe: nested-interactive). docExpansion: "none"
// with a filter: the resources are listed and each opens on demand, since Swagger UI stops
// drawing partway through when every one of the API's operations (137 and more) opens at once.
(function () {
  const root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.dataset.document,
    domNode: root,
    validatorUrl: null,
    deepLinking: false,
    layout: "BaseLayout",
    presets: [SwaggerUIBundle.presets.apis],
    docExpansion: "none",
    filter: true,
    defaultModelsExpandDepth: 0,
  });
})();
