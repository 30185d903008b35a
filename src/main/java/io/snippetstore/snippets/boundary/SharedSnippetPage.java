package io.snippetstore.snippets.boundary;

import java.io.IOException;
import java.io.InputStream;

import io.snippetstore.platform.ApiException;
import io.snippetstore.snippets.control.ShareLinks;
import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Serves the read-only page of a share link, {@code /s/<secret>}: {@code shared.html}, which reads
 * the snippet from {@code /api/v1/shared/<secret>}. For a link that opens nothing (unknown,
 * expired, revoked, its snippet no longer shared by link) the same page answers {@code 404}, so
 * that a link checker or a crawler sees the link is dead; the page then says so.
 */
@WebServlet("/s/*")
public class SharedSnippetPage extends HttpServlet {

    private static final String PAGE = "/shared.html";

    @EJB
    private ShareLinks links;

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
