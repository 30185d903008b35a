// The API browser over the API's document as written (openapi.yaml, beside this page in the WAR):
// byte for byte the same on every server, whatever a server's /openapi makes of it.
window.ui = SwaggerUIBundle({
    url: '/api-docs/openapi.yaml',
    dom_id: '#swagger-ui',
    deepLinking: true
});
