package io.snippetstore.snippets.boundary;

import java.io.IOException;
import java.io.InputStream;

import io.snippetstore.platform.ApiException;
import io.snippetstore.snippets.control.CollectionLinks;
import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Serves the read-only page of a collection's share link, {@code /c/<secret>}:
 * {@code shared-collection.html}, which reads the collection from
 * {@code /api/v1/shared-collections/<secret>}. For a link that opens nothing the same page answers
 * {@code 404}, as a snippet's link page does.
 */
@WebServlet("/c/*")
public class SharedCollectionPage extends HttpServlet {

    private static final String PAGE = "/shared-collection.html";

    @EJB
    private CollectionLinks links;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(opens(request.getPathInfo()) ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("text/html;charset=utf-8");
        try (InputStream page = getServletContext().getResourceAsStream(PAGE)) {
            page.transferTo(response.getOutputStream());
        }
    }

    private boolean opens(String pathInfo) {
        if (pathInfo == null || pathInfo.length() < 2 || pathInfo.indexOf('/', 1) >= 0) {
            return false;
        }
        try {
            links.open(pathInfo.substring(1));
            return true;
        } catch (ApiException notOpen) {
            return false;
        }
    }
}
