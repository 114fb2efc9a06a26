// Draws the API page from the app's own OpenAPI document. validatorUrl: null, or Swagger UI would
// send the document to swagger.io's online validator: nothing here may leave the room's network.
(function () {
  const root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.dataset.document,
    domNode: root,
    validatorUrl: null,
    deepLinking: true,
    layout: "BaseLayout",
    presets: [SwaggerUIBundle.presets.apis],
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
  });
})();
