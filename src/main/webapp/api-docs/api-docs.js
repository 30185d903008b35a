// The API browser over the server's own OpenAPI document (MicroProfile OpenAPI serves it at /openapi).
window.ui = SwaggerUIBundle({
    url: '/openapi',
    dom_id: '#swagger-ui',
    deepLinking: true
});
