// The API browser over the API's document as written (openapi.yaml, beside this page in the WAR):
// the same on every server, where MicroProfile OpenAPI's /openapi may lose parts of it (WildFly).
window.ui = SwaggerUIBundle({
    url: '/api-docs/openapi.yaml',
    dom_id: '#swagger-ui',
    deepLinking: true
});
